import { formatDay, formatLongDateTime } from '#core/rules/french-dates.js';
import { CreditCard, Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  INTERVAL_LABELS,
  PLAN_NAMES,
  planPriceLine,
  planPriceOf,
  SUBSCRIPTION_STATUS_LABELS,
  type BillingInterval,
  type PaidPlan,
} from '#core/rules/billing.js';
import { formatMoney } from '#core/rules/money.js';
import type { AdminSubscription } from '#core/schemas/billing.js';
import { Button } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { count } from './format.js';
import { StatusBadge } from './status-badge.js';
import { EndDialog, GrantDialog, type GrantTarget } from './subscription-dialogs.js';
import { subscriptionAdminApi, useAdminSubscriptions, useSubscriptionDecision } from './subscriptions-api.js';

const ROLE_LABELS = { driver: 'Chauffeur', transporter: 'Transporteur' } as const;

const planLine = (row: AdminSubscription) =>
  `${PLAN_NAMES[row.plan]} · ${INTERVAL_LABELS[row.interval].toLowerCase()}`;

/** Whether the row is about this search (name, company or e-mail, any case). */
const matches = (row: AdminSubscription, search: string) => {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [row.user.fullName, row.user.email, row.user.companyName ?? ''].some((value) =>
    value.toLowerCase().includes(needle),
  );
};

function Holder({ row }: { row: AdminSubscription }) {
  return (
    <span className="min-w-0 space-y-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <span className="user-text font-bold">{row.user.fullName}</span>
        <StatusBadge status="neutral">{ROLE_LABELS[row.user.role]}</StatusBadge>
      </span>
      {row.user.companyName && <span className="user-text block text-sm">{row.user.companyName}</span>}
      <span className="user-text block text-sm text-ink-muted">{row.user.email}</span>
    </span>
  );
}

function RequestRow({ row, onActivate }: { row: AdminSubscription; onActivate: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-x-6 gap-y-3 px-4 py-4 md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
      <div className="min-w-0 flex-1 basis-56">
        <Holder row={row} />
      </div>
      <div className="min-w-0 flex-1 basis-56 text-sm">
        <p className="text-base font-semibold">{planLine(row)}</p>
        <p>À facturer : {planPriceLine(planPriceOf(row.price))}</p>
        <p className="text-ink-muted">Demandée le {formatLongDateTime(row.createdAt)}</p>
      </div>
      <Button onClick={onActivate} aria-label={`Activer : ${row.user.fullName}, ${PLAN_NAMES[row.plan]}`}>
        Activer
      </Button>
    </li>
  );
}

function SubscriptionRow({
  row,
  onRenew,
  onEnd,
}: {
  row: AdminSubscription;
  onRenew: () => void;
  onEnd: () => void;
}) {
  const details = [
    row.source === 'stripe' ? 'Payé avec Stripe' : 'Virement',
    row.amount && `facturé ${formatMoney(row.amount)}\u00a0TTC`,
    row.invoiceReference && `réf. ${row.invoiceReference}`,
  ].filter(Boolean);
  return (
    <li className="flex flex-wrap items-center gap-x-6 gap-y-3 px-4 py-4 md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
      <div className="min-w-0 flex-1 basis-56">
        <Holder row={row} />
      </div>
      <div className="min-w-0 flex-1 basis-56 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {planLine(row)}
          <StatusBadge status={row.status === 'active' || row.status === 'trialing' ? 'approved' : 'pending'}>
            {SUBSCRIPTION_STATUS_LABELS[row.status]}
          </StatusBadge>
        </p>
        <p className="user-text">{details.join(' · ')}</p>
        {row.currentPeriodEnd && (
          <p className="text-ink-muted">
            {row.cancelAtPeriodEnd ? 'Résiliation demandée : prend fin le ' : 'Période en cours jusqu’au '}
            {formatDay(row.currentPeriodEnd)}
          </p>
        )}
      </div>
      {row.source === 'stripe' ? (
        <p className="max-w-48 text-sm text-ink-muted">Géré par Stripe : se modifie depuis Stripe.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onRenew} aria-label={`Renouveler : ${row.user.fullName}`}>
            Renouveler
          </Button>
          <Button variant="secondary" onClick={onEnd} aria-label={`Mettre fin : ${row.user.fullName}`}>
            Mettre fin
          </Button>
        </div>
      )}
    </li>
  );
}

function Section({
  id,
  title,
  children,
  empty,
  total,
}: {
  id: string;
  title: string;
  children: ReactNode;
  empty: string;
  total: number;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-bold">
        {title} <span className="text-ink-muted">({total})</span>
      </h2>
      {total === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-surface-raised px-4 py-6 text-ink-muted">
          {empty}
        </p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-raised">
          {children}
        </ul>
      )}
    </section>
  );
}

/**
 * /admin/abonnements: without online payment, members ask for a plan and an administrator activates it once the
 * invoice is sent (paid by transfer), or ends it. The requests wait oldest first; the live plans follow.
 */
export function AdminSubscriptionsPage() {
  const query = useAdminSubscriptions();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [granting, setGranting] = useState<GrantTarget | null>(null);
  const [ending, setEnding] = useState<AdminSubscription | null>(null);
  const grant = useSubscriptionDecision(subscriptionAdminApi.grant);
  const end = useSubscriptionDecision(subscriptionAdminApi.end);
  const data = query.data;
  const requests = (data?.requests ?? []).filter((row) => matches(row, search));
  const live = (data?.subscriptions ?? []).filter((row) => matches(row, search));
  return (
    <>
      <PageHeader
        title="Abonnements"
        description="Activez les formules demandées : Relais émet aussitôt la facture (Factur-X, à régler par virement sous 30 jours) et la met dans l’espace du membre ; ou mettez-y fin. Chaque décision est enregistrée dans le journal d’administration."
      />
      {data?.stripeEnabled && (
        <p className="mb-4 rounded-xl bg-brand-500/10 px-4 py-3 text-sm">
          Le paiement en ligne est activé : les abonnements payés avec Stripe s’y gèrent (ou par leur
          titulaire). Vous pouvez toujours accorder une formule facturée par virement.
        </p>
      )}
      <div className="mb-5 max-w-md">
        <TextField
          label="Rechercher un membre"
          type="search"
          placeholder="Nom, entreprise ou e-mail"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          hint={
            <span className="inline-flex items-center gap-1.5">
              <Search className="h-4 w-4" aria-hidden="true" />
              Filtre les demandes et les abonnements ci-dessous.
            </span>
          }
        />
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError || !data ? (
        <p role="alert" className="text-danger">
          La liste des abonnements n’a pas pu être chargée. Réessayez dans un instant.
        </p>
      ) : data.requests.length === 0 && data.subscriptions.length === 0 ? (
        <EmptyState icon={CreditCard} title="Aucun abonnement">
          <p>
            Aucune demande ni formule payante. Chaque demande d’un membre s’ajoute à cette page, les plus
            anciennes en tête.
          </p>
        </EmptyState>
      ) : (
        <div className="space-y-8">
          <p className="sr-only" aria-live="polite">
            {search.trim()
              ? `${count(requests.length, 'demande', 'demandes')} et ${count(live.length, 'abonnement', 'abonnements')} pour « ${search.trim()} »`
              : ''}
          </p>
          <Section
            id="demandes"
            title="Demandes en attente"
            total={requests.length}
            empty={search.trim() ? 'Aucune demande pour cette recherche.' : 'Aucune demande en attente.'}
          >
            {requests.map((row) => (
              <RequestRow
                key={row.id}
                row={row}
                onActivate={() =>
                  setGranting({
                    user: row.user,
                    plan: row.plan as PaidPlan,
                    interval: row.interval,
                    price: row.price,
                  })
                }
              />
            ))}
          </Section>
          <Section
            id="abonnements-en-cours"
            title="Abonnements en cours"
            total={live.length}
            empty={search.trim() ? 'Aucun abonnement pour cette recherche.' : 'Aucun abonnement en cours.'}
          >
            {live.map((row) => (
              <SubscriptionRow
                key={row.id}
                row={row}
                onRenew={() =>
                  setGranting({
                    user: row.user,
                    plan: row.plan as PaidPlan,
                    interval: row.interval,
                    price: row.price,
                    replaces: row.currentPeriodEnd,
                  })
                }
                onEnd={() => setEnding(row)}
              />
            ))}
          </Section>
        </div>
      )}
      <GrantDialog
        target={granting}
        onOpenChange={(open) => !open && setGranting(null)}
        onConfirm={async (values: {
          plan: PaidPlan;
          interval: BillingInterval;
          invoiceReference: string;
        }) => {
          const target = granting!;
          const reference = values.invoiceReference.trim();
          await grant.mutateAsync({
            userId: target.user.id,
            plan: values.plan,
            interval: values.interval,
            ...(reference ? { invoiceReference: reference } : {}),
          });
          toast({
            title: 'Formule activée',
            description: `${PLAN_NAMES[values.plan]} pour ${target.user.fullName}. Le membre en est averti.`,
            variant: 'success',
          });
        }}
      />
      <EndDialog
        target={ending}
        onOpenChange={(open) => !open && setEnding(null)}
        onConfirm={async (reason) => {
          const target = ending!;
          await end.mutateAsync({ userId: target.user.id, reason });
          toast({
            title: 'Formule arrêtée',
            description: `${target.user.fullName} revient à la formule gratuite.`,
            variant: 'success',
          });
        }}
      />
    </>
  );
}
