import { AlertTriangle, CheckCircle2, Circle, type LucideIcon } from 'lucide-react';
import type { MissionPayment } from '#core/schemas/payments.js';
import { formatDateTime, formatDay } from '#core/rules/french-dates.js';
import { cn } from '#web/ui/cn.js';
import { Panel } from './panel.js';

interface Step {
  key: string;
  label: string;
  /** When it happened (an instant or a calendar day); null: still to come. */
  at: string | null;
  detail?: string;
  kind: 'done' | 'todo' | 'warning';
}

const dayOf = (at: string) => (at.length === 10 ? `${at}T12:00:00Z` : at);
const when = (at: string) => (at.length === 10 ? formatDay(at) : formatDateTime(at));

/** The steps of the settlement, those done in the order they happened, then those still to come. */
export function settlementSteps(payment: MissionPayment): Step[] {
  const independent = payment.engagementType === 'independent';
  const document = (type: string) => payment.documents.find((item) => item.type === type);
  const invoice = document('invoice');
  const statement = document('pay_statement');
  const payslip = document('payslip');
  const steps: Step[] = [
    { key: 'completed', label: 'Fin de mission confirmée', at: payment.completedAt, kind: 'done' },
  ];
  if (independent)
    steps.push({
      key: 'invoice',
      label: invoice ? `Facture ${invoice.number ?? ''} émise`.replace('  ', ' ') : 'Facture à émettre',
      at: invoice?.createdAt ?? null,
      detail: invoice ? undefined : 'dès que les coordonnées de facturation sont complètes',
      kind: invoice ? 'done' : 'todo',
    });
  else {
    if (statement)
      steps.push({
        key: 'statement',
        label: 'Relevé d’heures et de rémunération établi',
        at: statement.createdAt,
        kind: 'done',
      });
    steps.push({
      key: 'payslip',
      label: payslip
        ? 'Bulletin de paie déposé par l’employeur'
        : 'Bulletin de paie à déposer par l’employeur',
      at: payslip?.createdAt ?? null,
      kind: payslip ? 'done' : 'todo',
    });
  }
  if (payment.markedPaidAt)
    steps.push({
      key: 'marked',
      label: 'Paiement déclaré par le transporteur',
      at: payment.markedPaidAt,
      detail: [
        payment.paidOn ? `virement du ${formatDay(payment.paidOn)}` : null,
        payment.reference ? `référence ${payment.reference}` : null,
      ]
        .filter(Boolean)
        .join(', '),
      kind: 'done',
    });
  if (payment.disputedAt)
    steps.push({
      key: 'disputed',
      label: 'Contesté par le chauffeur',
      at: payment.disputedAt,
      kind: 'warning',
    });
  if (payment.confirmedAt)
    steps.push({
      key: 'confirmed',
      label: 'Réception confirmée par le chauffeur',
      at: payment.confirmedAt,
      kind: 'done',
    });
  const settled = payment.status === 'confirmed';
  if (!settled) {
    if (!payment.markedPaidAt || payment.status === 'disputed')
      steps.push({ key: 'pay', label: 'Paiement par le transporteur', at: null, kind: 'todo' });
    steps.push({
      key: 'confirm',
      label: 'Confirmation de réception par le chauffeur',
      at: null,
      kind: 'todo',
    });
  }
  const done = steps
    .filter((step) => step.at !== null)
    .sort((a, b) => Date.parse(dayOf(a.at!)) - Date.parse(dayOf(b.at!)));
  const due: Step = {
    key: 'due',
    label: payment.overdue ? 'Échéance dépassée' : 'Échéance',
    at: payment.dueDate,
    kind: payment.overdue ? 'warning' : settled ? 'done' : 'todo',
  };
  const toCome = steps.filter((step) => step.at === null);
  // The due date sits among the steps at its day once passed or settled; among those to come otherwise, after
  // the documents and before the payment.
  if (due.kind === 'todo') {
    const payment = toCome.findIndex((step) => step.key === 'pay' || step.key === 'confirm');
    const at = payment === -1 ? toCome.length : payment;
    return [...done, ...toCome.slice(0, at), due, ...toCome.slice(at)];
  }
  const ordered = [...done, due].sort((a, b) => Date.parse(dayOf(a.at!)) - Date.parse(dayOf(b.at!)));
  return [...ordered, ...toCome];
}

const ICONS: Record<Step['kind'], { icon: LucideIcon; className: string; text: string }> = {
  done: { icon: CheckCircle2, className: 'text-success', text: 'Fait' },
  todo: { icon: Circle, className: 'text-ink-muted', text: 'À venir' },
  warning: { icon: AlertTriangle, className: 'text-danger', text: 'Attention' },
};

/** The settlement's steps with their dates: what happened, and what is still to come. */
export function PaymentTimeline({ payment }: { payment: MissionPayment }) {
  return (
    <Panel title="Étapes du règlement">
      <ol className="space-y-3">
        {settlementSteps(payment).map((step) => {
          const { icon: Icon, className, text } = ICONS[step.kind];
          const future = step.key === 'due' && step.kind === 'todo';
          return (
            <li key={step.key} className="flex gap-3">
              <Icon className={cn('mt-0.5 h-5 w-5 shrink-0', className)} aria-hidden="true" />
              <div className="min-w-0">
                <p className={cn('font-semibold', step.kind === 'todo' && !future && 'text-ink-muted')}>
                  <span className="sr-only">{text} : </span>
                  {step.label}
                </p>
                {(step.at || step.detail) && (
                  <p className="user-text text-sm text-ink-muted">
                    {step.at && (future ? `le ${when(step.at)}` : when(step.at))}
                    {step.at && step.detail ? ' · ' : ''}
                    {step.detail}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}
