import { Receipt } from 'lucide-react';
import { roleOf } from '#core/rules/roles.js';
import { useSession } from '#web/lib/session.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useBillingDetails } from './api.js';
import { BillingDetailsForm } from './billing-form.js';

/**
 * /facturation: what the invoices print about the signed-in person, kept up to date at any time (not only while
 * an invoice waits for it): the address for everyone; for a driver, SIRET, VAT regime and option, IBAN, mandate.
 */
export function BillingDetailsPage() {
  const { user } = useSession();
  const details = useBillingDetails(Boolean(user));
  if (!user) return null;
  const driver = roleOf(user) === 'driver';
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Coordonnées de facturation"
        description={
          driver
            ? 'Ce que Relais imprime sur les factures émises en votre nom : adresse, SIRET, TVA et compte bancaire. Une facture déjà émise ne change pas.'
            : 'L’adresse que portent les factures de vos chauffeurs indépendants. Une facture déjà émise ne change pas.'
        }
      />
      {details.isPending ? (
        <Spinner />
      ) : details.data ? (
        <section className="rounded-2xl border border-line bg-surface-raised p-5">
          <BillingDetailsForm view={details.data} driver={driver} onDone={() => undefined} />
        </section>
      ) : (
        <EmptyState icon={Receipt} title="Coordonnées indisponibles">
          <p>{details.error?.message ?? 'Elles n’ont pas pu être chargées. Réessayez dans un instant.'}</p>
        </EmptyState>
      )}
    </div>
  );
}
