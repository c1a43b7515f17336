import { formatMoney } from '#core/rules/money.js';
import type { WalletBalance } from '#core/schemas/payments.js';
import { cn } from '#web/ui/cn.js';

interface Card {
  key: string;
  label: string;
  amount: string;
  hint?: string;
  tone?: 'danger' | 'success';
}

const count = (n: number, one: string, many: string) =>
  n === 0 ? `Aucune ${one}` : `${n} ${n > 1 ? many : one}`;

/** " HT · TVA collectée : 130,10 €" under a driver's earnings (their VAT is the state's, not a gain). */
const vatHint = (vat: string | undefined) =>
  vat && vat !== '0.00' ? ` · hors TVA (TVA collectée : ${formatMoney(vat)})` : ' · hors TVA';

/** The six figures of the wallet, in the words of the viewer's side. */
export function balanceCards(balance: WalletBalance): Card[] {
  const driver = balance.role === 'driver';
  const { counts, vat } = balance;
  return [
    {
      key: 'settled',
      label: driver ? 'Reçu' : 'Payé',
      amount: balance.settled,
      hint: driver
        ? `Paiements dont vous avez confirmé la réception${vatHint(vat?.settled)}`
        : 'Paiements déclarés aux chauffeurs',
      tone: 'success',
    },
    {
      key: 'pending',
      label: driver ? 'En attente' : 'À payer',
      amount: balance.pending,
      hint: count(counts.pending, 'mission', 'missions'),
    },
    {
      key: 'overdue',
      label: 'En retard',
      amount: balance.overdue,
      hint: count(counts.overdue, 'mission après échéance', 'missions après échéance'),
      tone: counts.overdue > 0 ? 'danger' : undefined,
    },
    {
      key: 'disputed',
      label: 'Contesté',
      amount: balance.disputed,
      hint: count(counts.disputed, 'mission', 'missions'),
      tone: counts.disputed > 0 ? 'danger' : undefined,
    },
    {
      key: 'month',
      label: 'Ce mois-ci',
      amount: balance.thisMonth,
      hint: `Missions terminées ce mois-ci${driver ? vatHint(vat?.thisMonth) : ''}`,
    },
    {
      key: 'year',
      label: 'Cette année',
      amount: balance.thisYear,
      hint: `Missions terminées cette année${driver ? vatHint(vat?.thisYear) : ''}`,
    },
  ];
}

/** Received (or paid), pending, overdue, disputed, this month and this year, in French figures. */
export function BalanceCards({ balance }: { balance: WalletBalance }) {
  return (
    <section aria-label="Soldes" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {balanceCards(balance).map((card) => (
        <div
          key={card.key}
          className="min-w-0 rounded-2xl border border-line bg-surface-raised p-4"
          data-testid={`balance-${card.key}`}
        >
          <p className="text-sm font-semibold text-ink-muted">{card.label}</p>
          <p
            className={cn(
              'mt-1 text-xl font-extrabold tracking-tight sm:text-2xl',
              card.tone === 'danger' && 'text-danger',
              card.tone === 'success' && 'text-success',
            )}
          >
            {formatMoney(card.amount)}
          </p>
          {card.hint && <p className="mt-1 text-xs text-ink-muted sm:text-sm">{card.hint}</p>}
        </div>
      ))}
    </section>
  );
}
