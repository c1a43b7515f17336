import { Link } from 'wouter';
import { COORDINATION_NOTE, planSummary } from '#core/rules/plans.js';
import { useSession } from '#web/lib/session.js';
import { PlanGrid, type PlanHolder } from './plans.js';

/** A signed-in member's role and plan; null for a visitor or an administrator. */
function usePlanHolder(): PlanHolder | null {
  const { user } = useSession();
  if (!user || user.role === 'admin') return null;
  return { role: user.role === 'transporter' ? 'transporter' : 'driver', plan: user.subscriptionPlan };
}

/** For a signed-in member: their plan, in their role's words, and the way to their subscription page. */
function CurrentPlan({ holder }: { holder: PlanHolder | null }) {
  if (!holder) return null;
  const plan = planSummary(holder.role, holder.plan);
  return (
    <section
      aria-label="Votre formule"
      className="mt-6 max-w-3xl rounded-2xl border border-accent bg-brand-500/10 p-4"
    >
      <p>
        Votre formule actuelle : <strong>{plan.name}</strong> ({plan.limits.join(' · ').toLowerCase()}).{' '}
        <Link href="/driver/subscription" className="font-semibold text-accent underline">
          Mon abonnement
        </Link>
      </p>
      {holder.role === 'transporter' && (
        <p className="mt-1 text-sm text-ink-muted">
          Freemium, Premium et Elite sont les formules des chauffeurs ; la vôtre est la formule Transporteur.
        </p>
      )}
    </section>
  );
}

export function PricingPage() {
  const holder = usePlanHolder();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Plans & Tarifs</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">
        Gratuit pour commencer, sans carte bancaire. Passez à une formule payante quand Relais vous fait
        gagner des missions. Par défaut, les missions se règlent directement entre chauffeur et transporteur,
        par virement : Relais ne prend aucune commission.
      </p>
      <CurrentPlan holder={holder} />
      <div className="mt-10">
        <PlanGrid headingLevel={2} holder={holder} />
      </div>
      <p className="mt-8 max-w-3xl text-sm text-ink-muted">
        Les limites servent à la prospection, pas à faire rouler une mission :{' '}
        {COORDINATION_NOTE.charAt(0).toLowerCase()}
        {COORDINATION_NOTE.slice(1)}
      </p>
    </div>
  );
}
