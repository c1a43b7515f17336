import { formatDay } from '#core/rules/french-dates.js';
import { ExternalLink } from 'lucide-react';
import { vatAmountsOf } from '#core/rules/billing.js';
import { exclTaxAndVat, formatMoney } from '#core/rules/money.js';
import type { SubscriptionView } from '#core/schemas/billing.js';

/**
 * The subscription's invoices, newest first as the server gives them: date, amount with VAT and before VAT with the
 * VAT apart (decision 041), state, the invoice itself.
 */
export function Invoices({ view }: { view: SubscriptionView }) {
  return (
    <section aria-labelledby="factures" className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 id="factures" className="text-lg font-bold">
        Factures
      </h2>
      {view.invoices.length === 0 ? (
        <p className="mt-2 text-ink-muted">
          Aucune facture : chaque règlement d’une formule payante (en ligne ou par virement) est listé ici
          avec sa référence.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {view.invoices.map((invoice) => {
            return (
              <li key={invoice.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-semibold">{formatDay(invoice.date)}</p>
                  <p className="user-text text-sm text-ink-muted">
                    {[invoice.description, invoice.reference && `Réf. ${invoice.reference}`, invoice.status]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="ml-auto text-right">
                  <p className="font-bold tabular-nums">{formatMoney(invoice.amount)}&nbsp;TTC</p>
                  <p className="text-sm text-ink-muted tabular-nums">
                    {exclTaxAndVat(vatAmountsOf(invoice))}
                  </p>
                </div>
                {invoice.url && (
                  <a
                    href={invoice.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-accent underline"
                  >
                    Voir la facture
                    <span className="sr-only"> du {formatDay(invoice.date)} (nouvel onglet)</span>
                    <ExternalLink className="h-4 w-4" aria-hidden="true" />
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!view.stripeEnabled && view.invoices.some((invoice) => !invoice.url) && (
        <p className="mt-2 text-sm text-ink-muted">
          Les factures réglées par virement vous sont envoyées par e-mail.
        </p>
      )}
    </section>
  );
}
