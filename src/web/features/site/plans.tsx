import { Check } from 'lucide-react';
import { Link } from 'wouter';
import {
  ELITE_FEATURE,
  PLAN_NOTES,
  PLAN_VAT_RATE_PERCENT,
  planAmountText,
  planInvoiceAmounts,
  planPrice,
  planPriceText,
  planVatText,
  shownCents,
  type PlanPrice,
} from '#core/rules/billing.js';
import type { SubscriptionPlan } from '#core/rules/enums.js';
import { formatCents } from '#core/rules/money.js';
import { FREEMIUM_LIMITS, type Tariffs } from '#core/rules/tariffs.js';
import { useTariffs } from '#web/lib/tariffs.js';
import { buttonClasses } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';

interface Plan {
  id: SubscriptionPlan;
  /** Whose plan it is: a member only takes their role's plans. */
  role: 'driver' | 'transporter';
  name: string;
  audience: string;
  /** Null: free. */
  monthly: PlanPrice | null;
  annual: PlanPrice | null;
  features: string[];
  /** Said under the features, in a quieter voice. */
  note?: string;
  popular?: boolean;
  cta: string;
}

/**
 * The four plans of docs/specification.md §2 with what each gives today — only features that exist (decision 014): each feature
 * adds its line when it lands.
 */
function plansFrom(tariffs: Tariffs): Plan[] {
  return [
    {
      id: 'basic',
      role: 'driver',
      name: 'Freemium',
      audience: 'Chauffeurs',
      // Freemium is free (docs/specification.md §9: 0); a price entered for it would include the VAT.
      monthly: tariffs.driverFreemium > 0 ? freePlanPrice(tariffs.driverFreemium) : null,
      annual: null,
      popular: true,
      cta: 'Commencer gratuitement',
      features: [
        `${FREEMIUM_LIMITS.applicationsPerMonth} candidatures par mois`,
        `${FREEMIUM_LIMITS.messagesPerDay} messages par jour, hors échanges d’une mission en cours`,
        'Alertes de missions en temps réel',
        'Recherche par ville, rayon et carte',
        'Portefeuille : gains, paiements et export CSV',
      ],
    },
    {
      id: 'premium',
      role: 'driver',
      name: 'Premium Chauffeur',
      audience: 'Chauffeurs',
      monthly: planPrice(tariffs, 'premium', 'month'),
      annual: planPrice(tariffs, 'premium', 'year'),
      cta: 'Choisir Premium',
      features: ['Candidatures illimitées', 'Messages illimités', 'Tout Freemium'],
    },
    {
      id: 'elite',
      role: 'driver',
      name: 'Elite Chauffeur',
      audience: 'Chauffeurs',
      monthly: planPrice(tariffs, 'elite', 'month'),
      annual: planPrice(tariffs, 'elite', 'year'),
      cta: 'Choisir Elite',
      features: ['Tout Premium', ELITE_FEATURE],
      note: PLAN_NOTES.elite,
    },
    {
      id: 'transporter',
      role: 'transporter',
      name: 'Transporteur',
      audience: 'Entreprises de transport',
      monthly: planPrice(tariffs, 'transporter', 'month'),
      annual: planPrice(tariffs, 'transporter', 'year'),
      cta: 'Publier des missions',
      features: [
        'Messages illimités',
        'Publication de missions sans limite',
        'Candidats avec permis, expérience, avis et badges',
        'Suivi des livraisons en direct et preuve de livraison',
        'Historique et export de vos missions',
        'Portefeuille : paiements dus et réglés, mois par mois',
      ],
    },
  ];
}

/** A signed-in member: their role and plan (the cards then lead to their subscription page). */
export interface PlanHolder {
  role: 'driver' | 'transporter';
  plan: SubscriptionPlan | string;
}

const SUBSCRIPTION_PAGE = '/driver/subscription';

/** The card's way forward: sign up (a visitor), or the member's own page for their role's plans. */
function PlanAction({ plan, holder }: { plan: Plan; holder: PlanHolder | null }) {
  const look = (primary: boolean) => buttonClasses(primary ? 'primary' : 'secondary', 'md', 'mt-6 w-full');
  if (!holder)
    return (
      <Link href="/register" className={look(plan.popular === true)}>
        {plan.cta}
      </Link>
    );
  if (plan.role !== holder.role)
    return (
      <p className="mt-6 flex min-h-11 items-center justify-center rounded-lg border border-dashed border-line px-4 text-center text-sm text-ink-muted">
        {plan.role === 'driver' ? 'Formule des chauffeurs' : 'Formule des transporteurs'}
      </p>
    );
  if (plan.id === holder.plan)
    return (
      <Link href={SUBSCRIPTION_PAGE} className={look(false)}>
        Votre formule
      </Link>
    );
  return (
    <Link href={SUBSCRIPTION_PAGE} className={look(true)}>
      {plan.id === 'basic'
        ? 'Gérer mon abonnement'
        : plan.id === 'transporter'
          ? 'Choisir la formule Transporteur'
          : plan.cta}
    </Link>
  );
}

/** A price entered VAT included outside the paid plans (Freemium, were it not free). */
const freePlanPrice = (euros: number): PlanPrice => ({
  ...planInvoiceAmounts(Math.round(euros * 100)),
  ratePercent: PLAN_VAT_RATE_PERCENT,
  exclTax: false,
});

/**
 * The monthly price, large, and the annual one with its saving (twelve months minus the year), in the figures the
 * plan is sold by: before VAT with the VAT and the total beside it for the transport companies' plan (decision
 * 041), VAT included for the drivers'.
 */
function PriceLines({ monthly, annual }: { monthly: PlanPrice | null; annual: PlanPrice | null }) {
  if (!monthly)
    return (
      <>
        <p className="mt-4">
          <span className="text-3xl font-extrabold">Gratuit</span>
        </p>
        <p className="mt-1 text-sm text-ink-muted">Sans carte bancaire</p>
      </>
    );
  const exclTax = monthly.exclTax;
  const saving = annual ? shownCents(monthly) * 12 - shownCents(annual) : 0;
  return (
    <>
      <p className="mt-4">
        <span className="text-3xl font-extrabold">{formatCents(shownCents(monthly))}</span>
        <span className="text-ink-muted">{exclTax ? ' HT' : ''} / mois</span>
      </p>
      <p className="text-sm text-ink-muted">{planVatText(monthly)}</p>
      {annual && (
        <p className="mt-1 text-sm text-ink-muted">
          ou {planPriceText(annual)} / an{exclTax ? ` (${formatCents(annual.grossCents)}\u00a0TTC)` : ''}{' '}
          {saving > 0 && (
            <span className="font-semibold text-success">
              soit {planAmountText(saving, exclTax)} d'économie
            </span>
          )}
        </p>
      )}
    </>
  );
}

/** `headingLevel`: 3 under a section heading (landing), 2 directly under the page title (pricing). */
export function PlanGrid({
  headingLevel = 3,
  holder = null,
}: {
  headingLevel?: 2 | 3;
  holder?: PlanHolder | null;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The defaults in the prerendered page, then the browser's cache and the server's figures, in place.
  const plans = plansFrom(useTariffs());
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {plans.map((plan) => (
        <article
          key={plan.id}
          aria-labelledby={`plan-${plan.id}`}
          className={cn(
            'relative flex flex-col rounded-2xl border bg-surface-raised p-6',
            plan.popular ? 'border-accent shadow-lg ring-1 ring-accent' : 'border-line',
          )}
        >
          {plan.popular && (
            <span className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-0.5 text-xs font-bold text-accent-ink">
              Le plus populaire
            </span>
          )}
          <p className="text-sm font-semibold text-ink-muted">{plan.audience}</p>
          <Heading id={`plan-${plan.id}`} className="text-xl font-extrabold">
            {plan.name}
          </Heading>
          <PriceLines monthly={plan.monthly} annual={plan.annual} />
          <div className="mt-5 flex-1">
            <ul className="space-y-2 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            {plan.note && <p className="mt-3 text-sm text-ink-muted">{plan.note}</p>}
          </div>
          <PlanAction plan={plan} holder={holder} />
        </article>
      ))}
    </div>
  );
}
