import { formatDay } from '#core/rules/french-dates.js';
import { ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import { vatAmountsOf } from '#core/rules/billing.js';
import { exclTaxAndVat, formatMoney } from '#core/rules/money.js';
import type { SubscriptionView } from '#core/schemas/billing.js';

const linkClasses = 'inline-flex min-h-11 items-center gap-1.5 font-semibold text-accent underline';

/**
 * The subscription's payments, newest first as the server gives them: date, amount with VAT and before VAT with the
 * VAT apart (decision 041), state, Relais's invoice (Factur-X PDF, decision 043) and Stripe's receipt of a card
 * payment.
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
                <div className="flex flex-wrap gap-x-4">
                  {invoice.pdfUrl ? (
                    <a href={invoice.pdfUrl} target="_blank" rel="noreferrer" className={linkClasses}>
                      Facture {invoice.invoiceNumber} (PDF)
                      <span className="sr-only"> du {formatDay(invoice.date)}, nouvel onglet</span>
                    </a>
                  ) : (
                    <p className="text-sm text-ink-muted">Facture en préparation</p>
                  )}
                  {invoice.url && (
                    <a href={invoice.url} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                      Reçu de paiement
                      <span className="sr-only"> du {formatDay(invoice.date)} (nouvel onglet)</span>
                      <ExternalLink className="h-4 w-4" aria-hidden="true" />
                    </a>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {view.invoices.some((invoice) => !invoice.pdfUrl) &&
        (view.billingAddressMissing ? (
          <p className="mt-2 text-sm">
            Vos factures attendent votre adresse de facturation :{' '}
            <Link href="/facturation" className="font-semibold text-accent underline">
              indiquez-la
            </Link>
            .
          </p>
        ) : (
          <p className="mt-2 text-sm text-ink-muted">
            Relais émet chaque facture dès le règlement enregistré ; elle apparaît ici, rechargez la page dans
            un instant.
          </p>
        ))}
    </section>
  );
}
