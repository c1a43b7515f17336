import { Link } from 'wouter';
import { COORDINATION_NOTE, planSummary } from '#core/rules/plans.js';
import { useSession } from '#web/app/session.js';
import { PlanGrid } from './plans.js';

/** For a signed-in member: their plan, in their role's words, and which card is theirs. */
function CurrentPlan() {
  const { user } = useSession();
  if (!user || user.role === 'admin') return null;
  const role = user.role === 'transporter' ? 'transporter' : 'driver';
  const plan = planSummary(role, user.subscriptionPlan);
  return (
    <section
      aria-label="Votre formule"
      className="mt-6 max-w-3xl rounded-2xl border border-accent bg-brand-500/10 p-4"
    >
      <p>
        Votre formule actuelle : <strong>{plan.name}</strong> ({plan.limits.join(' · ').toLowerCase()}).
      </p>
      {role === 'transporter' && (
        <p className="mt-1 text-sm text-ink-muted">
          Freemium, Premium et Elite sont les formules des chauffeurs ; la vôtre est la formule Transporteur.{' '}
          <Link href="/driver/subscription" className="font-semibold text-accent underline">
            Mon abonnement
          </Link>
        </p>
      )}
    </section>
  );
}

export function PricingPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Plans & Tarifs</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">
        Gratuit pour commencer, sans carte bancaire. Passez à une formule payante quand Relais vous fait
        gagner des missions. Les paiements des missions se règlent directement entre chauffeur et transporteur
        : Relais ne prend aucune commission.
      </p>
      <CurrentPlan />
      <div className="mt-10">
        <PlanGrid headingLevel={2} />
      </div>
      <p className="mt-8 max-w-3xl text-sm text-ink-muted">
        Les limites servent à la prospection, pas à faire rouler une mission :{' '}
        {COORDINATION_NOTE.charAt(0).toLowerCase()}
        {COORDINATION_NOTE.slice(1)}
      </p>
    </div>
  );
}
