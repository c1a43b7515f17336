import { Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { toCents } from '#core/rules/money.js';
import type { WalletBalance } from '#core/schemas/payments.js';
import { useSession } from '#web/lib/session.js';
import { useOnlinePayment } from '#web/lib/site-settings.js';
import { buttonClasses } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useTransactions, useWalletBalance } from './api.js';
import { BalanceCards } from './balance-cards.js';
import { ChartSection } from './chart-section.js';
import { Transactions } from './transactions.js';

const AMOUNTS = ['settled', 'pending', 'overdue', 'disputed', 'thisMonth', 'thisYear'] as const;
const nothingYet = (balance: WalletBalance) => AMOUNTS.every((key) => toCents(balance[key]) === 0);

/** Nothing settled, owed nor recorded yet: what will be here, and how it comes. */
function NothingYet({ driver }: { driver: boolean }) {
  const online = useOnlinePayment();
  return (
    <EmptyState
      icon={Wallet}
      title="Pas encore de règlement"
      action={
        <Link href={driver ? '/explorer' : '/missions'} className={buttonClasses('primary')}>
          {driver ? 'Trouver une mission' : 'Mes missions'}
        </Link>
      }
    >
      <p>
        {driver
          ? 'Dès qu’un transporteur confirme la fin d’une de vos missions, son montant apparaît ici : ce qui vous est dû, son échéance, puis le paiement déclaré et votre confirmation.'
          : 'Dès que vous confirmez la fin d’une mission, ce que vous devez au chauffeur apparaît ici, avec son échéance, jusqu’au paiement confirmé.'}
      </p>
      <p className="mt-2">
        {online
          ? 'Le transporteur paie en ligne par carte (Stripe) ou par virement : Relais en garde la trace et les documents.'
          : 'Le paiement se fait directement entre vous, par virement : Relais en garde la trace et les documents.'}
      </p>
    </EmptyState>
  );
}

/**
 * /wallet (Portefeuille): for a driver what was received, is awaited, late or disputed, this month and this
 * year; for a transporter what was paid and is due. The 12 months as a chart and a table, then the operations.
 */
export function WalletPage() {
  const { user } = useSession();
  const balance = useWalletBalance();
  const firstPage = useTransactions({ type: '', category: '', from: '', to: '' }, 1);
  if (!user) return null;
  const driver = user.role === 'driver';
  const header = (
    <PageHeader
      title="Portefeuille"
      description={
        driver
          ? 'Vos gains : ce qui vous a été payé, ce qui est attendu, et l’historique de vos règlements.'
          : 'Vos règlements aux chauffeurs : ce qui est payé, ce qui reste à payer, mois par mois.'
      }
    />
  );
  if (balance.isPending || firstPage.isPending) return <Spinner />;
  if (balance.isError || !balance.data)
    return (
      <>
        {header}
        <EmptyState icon={Wallet} title="Portefeuille indisponible">
          <p>
            {balance.error?.message ??
              'Votre portefeuille n’a pas pu être chargé. Réessayez dans un instant.'}
          </p>
        </EmptyState>
      </>
    );
  const empty = nothingYet(balance.data) && (firstPage.data?.total ?? 0) === 0;
  return (
    <div className="mx-auto max-w-5xl">
      {header}
      {empty ? (
        <NothingYet driver={driver} />
      ) : (
        <div className="space-y-5">
          <BalanceCards balance={balance.data} />
          <ChartSection />
          <Transactions side={driver ? 'driver' : 'transporter'} />
        </div>
      )}
    </div>
  );
}
