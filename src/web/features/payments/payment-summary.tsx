import { formatDay } from '#core/rules/french-dates.js';
import type { ReactNode } from 'react';
import {
  EMPLOYMENT_PAY_NOTE,
  PAYMENT_TERMS_LABELS,
  PAYMENT_TERMS_LEGAL_NOTE,
  VAT_FRANCHISE_MENTION,
  formatMoney,
  toCents,
} from '#core/rules/money.js';
import { formatWaiting, WAITING_EMPLOYMENT_NOTE, WAITING_NOT_BILLED_NOTE } from '#core/rules/road.js';
import { waitingRateText } from '#core/rules/waiting-rate.js';
import type { MissionPayment } from '#core/schemas/payments.js';
import { Badge } from '#web/ui/badge.js';
import { settlementBadge } from './format.js';

/** "Transports Martin vous doit", "Vous avez réglé Jean Routier"…: who owes whom, from the viewer's side. */
export function whoOwesWhom(payment: MissionPayment): string {
  const company = payment.transporter.companyName ?? payment.transporter.fullName;
  const driver = payment.driver.fullName;
  const settled = payment.status === 'confirmed';
  const declared = payment.status === 'marked_paid';
  // Paid by card, waiting for the transporter to validate the transfer to the driver.
  const paidOnline = payment.stripe?.paymentStatus === 'paid' && !settled;
  switch (payment.viewerRole) {
    case 'transporter':
      if (settled) return `Vous avez réglé ${driver}`;
      if (paidOnline) return `Vous avez payé en ligne pour ${driver}`;
      if (declared) return `Vous avez déclaré avoir payé ${driver}`;
      return `Vous devez à ${driver}`;
    case 'driver':
      if (settled) return `${company} vous a réglé`;
      if (paidOnline) return `${company} a payé en ligne : versement à venir`;
      if (declared) return `${company} déclare vous avoir payé`;
      return `${company} vous doit`;
    default:
      if (settled) return `${company} a réglé ${driver}`;
      if (paidOnline) return `${company} a payé en ligne pour ${driver}`;
      if (declared) return `${company} déclare avoir payé ${driver}`;
      return `${company} doit à ${driver}`;
  }
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-b border-line py-2 last:border-b-0">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="user-text text-right font-semibold">{children}</dd>
    </div>
  );
}

/** "20.00" → "20", "5.50" → "5,5". */
const rateText = (rate: string) =>
  (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate).replace('.', ',');

/** The VAT line of an independent's invoice: the rate and amount, the franchise mention, or not known yet. */
function vatLine(payment: MissionPayment): { term: string; value: string } {
  if (payment.vatRate !== null)
    return {
      term: `TVA (${rateText(payment.vatRate)} %)`,
      value: formatMoney(payment.vatAmount),
    };
  if (payment.vatKnown) return { term: 'TVA', value: VAT_FRANCHISE_MENTION };
  return { term: 'TVA', value: 'pas encore connue : le chauffeur n’a pas indiqué son régime de TVA' };
}

const LINE_LABELS = { transport: 'Transport', waiting: 'Attente facturée' } as const;

/**
 * The waiting the driver recorded, and what of it is billed: beyond the franchise at the mission's rate (decision
 * 042), nothing when no rate was set, or working time paid with the pay in the employment frame.
 */
function WaitingNote({ payment }: { payment: MissionPayment }) {
  const { waiting, waitingRate } = payment;
  const billedLine = payment.lines.find((line) => line.kind === 'waiting');
  const recorded = `${formatWaiting(waiting.pickupMinutes)} au chargement, ${formatWaiting(waiting.deliveryMinutes)} à la livraison`;
  return (
    <div className="mt-4 rounded-lg bg-surface-sunken p-3 text-sm" data-testid="payment-waiting">
      <p className="font-semibold">
        Temps d’attente relevé par le chauffeur : {formatWaiting(waiting.totalMinutes)}
      </p>
      {waitingRate ? (
        <>
          <p className="mt-0.5">
            {recorded} —{' '}
            {billedLine
              ? `facturé au-delà de la franchise : ${formatMoney(billedLine.amountExclTax)} HT, compris dans le montant.`
              : 'dans la franchise : rien n’est facturé.'}
          </p>
          <p className="mt-1 text-ink-muted">
            Tarif fixé à la publication :{' '}
            {waitingRateText({
              quarterHourCents: toCents(waitingRate.quarterPrice),
              franchiseMinutes: waitingRate.franchiseMinutes,
            })}
            .
          </p>
        </>
      ) : (
        <>
          <p className="mt-0.5">{recorded} — non facturé.</p>
          <p className="mt-1 text-ink-muted">
            {payment.engagementType === 'employment' ? WAITING_EMPLOYMENT_NOTE : WAITING_NOT_BILLED_NOTE}
          </p>
        </>
      )}
    </div>
  );
}

/**
 * The heart of the page: who owes whom, the amount in large French figures and how it was reached, HT / TVA /
 * TTC for an independent, how and by when it is paid, with the legal cap on payment terms.
 */
export function PaymentSummary({ payment }: { payment: MissionPayment }) {
  const badge = settlementBadge(payment.status, payment.overdue, payment.method === 'stripe');
  const independent = payment.engagementType === 'independent';
  const vat = vatLine(payment);
  // The employer's own payslip (the hours statement Relais makes is not one, and says so).
  const payslip = payment.documents.find((document) => document.type === 'payslip');
  return (
    <section
      aria-labelledby="payment-amount"
      className="rounded-2xl border border-line bg-surface-raised p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payment-amount" className="text-lg font-bold">
          {whoOwesWhom(payment)}
        </h2>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <p className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl" data-testid="payment-amount">
        {formatMoney(payment.amount)}
      </p>
      <p className="mt-1 text-ink-muted">
        {independent
          ? !payment.vatKnown
            ? 'HT, pour la prestation de transport — la TVA s’ajoutera si le chauffeur y est assujetti'
            : payment.vatRate !== null
              ? 'TTC, pour la prestation de transport'
              : 'Pour la prestation de transport (TVA non applicable)'
          : 'Rémunération convenue pour la mission'}
        {/* One line: how it was reached; several: listed below. */}
        {payment.lines.length === 1 && ` · ${payment.detail}`}
      </p>
      <dl className="mt-4">
        {/* Several lines (the waiting billed beyond the franchise, decision 042): each with its amount. */}
        {payment.lines.length > 1 &&
          payment.lines.map((line) => (
            <Fact key={line.kind} term={LINE_LABELS[line.kind]}>
              {line.detail} = {formatMoney(line.amountExclTax)}
            </Fact>
          ))}
        {independent && (
          <>
            <Fact term="Montant HT">{formatMoney(payment.amountExclTax)}</Fact>
            <Fact term={vat.term}>{vat.value}</Fact>
            <Fact term="Total TTC">
              {payment.vatKnown
                ? formatMoney(payment.amount)
                : 'connu quand le chauffeur aura indiqué son régime de TVA'}
            </Fact>
          </>
        )}
        <Fact term="Mode de paiement">
          {payment.method === 'stripe'
            ? 'Paiement en ligne par carte (Stripe)'
            : 'Virement bancaire, comme convenu'}
        </Fact>
        <Fact term="Délai de paiement">{PAYMENT_TERMS_LABELS[payment.paymentTerms]}</Fact>
        <Fact term="Échéance">
          {formatDay(payment.dueDate)}
          {payment.overdue && <span className="text-danger"> — dépassée</span>}
        </Fact>
        {payment.paidOn && <Fact term="Payé le">{formatDay(payment.paidOn)}</Fact>}
        {payment.reference && <Fact term="Référence du virement">{payment.reference}</Fact>}
        {independent && payment.invoiceNumber && <Fact term="Facture n°">{payment.invoiceNumber}</Fact>}
        {!independent && payslip?.number && <Fact term="Bulletin de paie n°">{payslip.number}</Fact>}
      </dl>
      {payment.waiting.periods > 0 && <WaitingNote payment={payment} />}
      {payment.status === 'disputed' && payment.disputeReason && (
        <p className="mt-4 rounded-lg border border-danger p-3">
          <span className="font-semibold text-danger">Contesté par le chauffeur : </span>
          <span className="user-text whitespace-pre-line">{payment.disputeReason}</span>
        </p>
      )}
      <p className="mt-4 text-sm text-ink-muted">
        {independent ? PAYMENT_TERMS_LEGAL_NOTE : EMPLOYMENT_PAY_NOTE}
      </p>
    </section>
  );
}
