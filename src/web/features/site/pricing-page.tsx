import { COORDINATION_NOTE } from '#core/rules/plans.js';
import { PlanGrid } from './plans.js';

export function PricingPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Plans & Tarifs</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">
        Gratuit pour commencer, sans carte bancaire. Passez à une formule payante quand Relais vous fait
        gagner des missions. Les paiements des missions se règlent directement entre chauffeur et transporteur
        : Relais ne prend aucune commission.
      </p>
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
