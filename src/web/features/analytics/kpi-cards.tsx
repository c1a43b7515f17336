import type { Card } from './cards.js';
import { changeOf } from './format.js';

/** The figures of the period, each with the previous period's and the change in words (not colour alone). */
export function KpiCards({ cards }: { cards: Card[] }) {
  return (
    <section aria-labelledby="chiffres-periode">
      {/* The cards' titles are level 3: the page's outline needs this level 2 above them. */}
      <h2 id="chiffres-periode" className="sr-only">
        Chiffres de la période
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => {
          const change = changeOf(...card.numbers);
          return (
            <div
              key={card.key}
              className="min-w-0 rounded-2xl border border-line bg-surface-raised p-4"
              data-testid={`kpi-${card.key}`}
            >
              <h3 className="text-sm font-semibold text-ink-muted">{card.label}</h3>
              {card.value === null ? (
                <p className="mt-2 text-base font-semibold">{card.empty}</p>
              ) : (
                <p className="mt-1 text-2xl font-extrabold tracking-tight">{card.value}</p>
              )}
              {card.value !== null && card.hint && <p className="mt-1 text-sm text-ink-muted">{card.hint}</p>}
              <p className="mt-2 text-sm">
                {change ? (
                  <>
                    <span aria-hidden="true" className="font-semibold">
                      {change.arrow} {change.shown}
                    </span>
                    <span className="sr-only">{change.spoken}</span>{' '}
                    <span className="text-ink-muted">
                      par rapport à la période précédente ({card.previous})
                    </span>
                  </>
                ) : (
                  <span className="text-ink-muted">
                    Période précédente : {card.previous ?? 'aucune donnée'}
                  </span>
                )}
              </p>
            </div>
          );
        })}
      </div>
    </section>
  );
}
