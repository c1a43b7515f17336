import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { FREEMIUM_LIMITS, annualSaving, formatEuros, type Tariffs } from '#core/rules/tariffs.js';
import { loadTariffs } from '#web/lib/tariffs.js';
import { buttonClasses } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';

interface Plan {
  id: string;
  name: string;
  audience: string;
  monthly: number;
  annual: number | null;
  features: string[];
  popular?: boolean;
  cta: string;
}

export function plansFrom(tariffs: Tariffs): Plan[] {
  return [
    {
      id: 'freemium',
      name: 'Freemium',
      audience: 'Chauffeurs',
      monthly: tariffs.driverFreemium,
      annual: null,
      popular: true,
      cta: 'Commencer gratuitement',
      // Only what Relais does today (decision 014): each issue adds its line when its feature exists.
      features: [
        `${FREEMIUM_LIMITS.applicationsPerMonth} candidatures par mois`,
        `${FREEMIUM_LIMITS.messagesPerDay} messages par jour, hors échanges d’une mission en cours`,
        'Alertes de missions en temps réel',
        'Recherche par ville, rayon et carte',
      ],
    },
    {
      id: 'premium',
      name: 'Premium Chauffeur',
      audience: 'Chauffeurs',
      monthly: tariffs.driverPremiumMonthly,
      annual: tariffs.driverPremiumAnnual,
      cta: 'Choisir Premium',
      features: ['Candidatures illimitées', 'Messages illimités', 'Tout Freemium'],
    },
    {
      id: 'elite',
      name: 'Elite Chauffeur',
      audience: 'Chauffeurs',
      monthly: tariffs.driverEliteMonthly,
      annual: tariffs.driverEliteAnnual,
      cta: 'Choisir Elite',
      features: ['Tout Premium', 'Réponse du support en priorité'],
    },
    {
      id: 'transporter',
      name: 'Transporteur',
      audience: 'Entreprises de transport',
      monthly: tariffs.transporterMonthly,
      annual: tariffs.transporterAnnual,
      cta: 'Publier des missions',
      features: [
        'Messages illimités',
        'Publication de missions sans limite',
        'Candidats avec permis et expérience',
        'Historique et export de vos missions',
      ],
    },
  ];
}

/** `headingLevel`: 3 under a section heading (landing), 2 directly under the page title (pricing). */
export function PlanGrid({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const plans = plansFrom(loadTariffs());
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
          <p className="mt-4">
            <span className="text-3xl font-extrabold">
              {plan.monthly === 0 ? 'Gratuit' : formatEuros(plan.monthly)}
            </span>
            {plan.monthly > 0 && <span className="text-ink-muted"> / mois</span>}
          </p>
          {plan.annual !== null ? (
            <p className="mt-1 text-sm text-ink-muted">
              ou {formatEuros(plan.annual)} / an{' '}
              <span className="font-semibold text-success">
                soit {formatEuros(annualSaving(plan.monthly, plan.annual))} d'économie
              </span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-ink-muted">Sans carte bancaire</p>
          )}
          <ul className="mt-5 flex-1 space-y-2 text-sm">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
          <Link
            href="/register"
            className={buttonClasses(plan.popular ? 'primary' : 'secondary', 'md', 'mt-6 w-full')}
          >
            {plan.cta}
          </Link>
        </article>
      ))}
    </div>
  );
}
