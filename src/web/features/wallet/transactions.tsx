import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { formatShortDateTime } from '#core/rules/french-dates.js';
import { exclTaxAndVat, formatMoney, toCents } from '#core/rules/money.js';
import {
  missionLineDetail,
  WALLET_LINE_KIND_LABELS,
  WALLET_LINE_KINDS,
  WALLET_STATE_LABELS,
  type WalletLineState,
} from '#core/rules/wallet.js';
import type { WalletLine } from '#core/schemas/payments.js';
import { Badge, type BadgeTone } from '#web/ui/badge.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { SelectField, TextField } from '#web/ui/field.js';
import { exportHref, PAGE_SIZE, useTransactions, type TransactionFilters } from './api.js';

const NO_FILTERS: TransactionFilters = { type: '', category: '', from: '', to: '' };
const TYPE_LABELS = { credit: 'Crédit', debit: 'Débit' } as const;
const STATE_TONES: Record<WalletLineState, BadgeTone> = {
  owed: 'pending',
  overdue: 'danger',
  marked_paid: 'pending',
  paid_online: 'pending',
  confirmed: 'success',
  disputed: 'danger',
  paid: 'success',
  refunded: 'muted',
};

type Side = 'driver' | 'transporter';

/** Under an amount with VAT (a mission's, a subscription's): before VAT and the VAT, as the papers show them. */
function vatOf(line: WalletLine): string | null {
  if (line.vatRate === null || !line.amountExclTax || !line.vatAmount) return null;
  return exclTaxAndVat({
    netCents: toCents(line.amountExclTax),
    vatCents: toCents(line.vatAmount),
    grossCents: toCents(line.amount),
    ratePercent: Number(line.vatRate),
  });
}

/** One money event: what it is, its state in the viewer's words, its mission, its amounts, its invoice. */
function LineRow({ line, side }: { line: WalletLine; side: Side }) {
  const detail = line.kind === 'mission' ? missionLineDetail(line) : line.description;
  const vat = vatOf(line);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3" data-testid="wallet-line">
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold">{WALLET_LINE_KIND_LABELS[line.kind]}</span>
          <Badge tone={STATE_TONES[line.state]}>{WALLET_STATE_LABELS[side][line.state]}</Badge>
        </p>
        {line.missionId && (
          <Link href={`/mission/${line.missionId}/payment`} className="user-text block text-accent underline">
            {line.missionTitle ?? 'Mission'}
          </Link>
        )}
        {detail && <p className="user-text text-sm text-ink-muted">{detail}</p>}
        <p className="text-sm text-ink-muted">
          {formatShortDateTime(line.createdAt)}
          {line.invoiceNumber && (
            <>
              {' · '}
              <span className="whitespace-nowrap">Facture n° {line.invoiceNumber}</span>
            </>
          )}
        </p>
      </div>
      <div className="ml-auto text-right">
        <p className="whitespace-nowrap text-lg font-extrabold">{formatMoney(line.amount)}</p>
        <p className="text-xs text-ink-muted">
          {TYPE_LABELS[line.type]}
          {vat && ' · TTC'}
        </p>
        {vat && <p className="text-xs text-ink-muted sm:whitespace-nowrap">{vat}</p>}
      </div>
    </li>
  );
}

/**
 * The wallet's operations: each money event once, in its state (decision 040); filters (type, kind, dates), pages,
 * each line to its mission's payment, CSV.
 */
export function Transactions({ side }: { side: Side }) {
  const [filters, setFilters] = useState<TransactionFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const query = useTransactions(filters, page);
  const headingId = useId();
  const set = (field: keyof TransactionFilters) => (value: string) => {
    setFilters((current) => ({ ...current, [field]: value }));
    setPage(1);
  };
  const filtered = Object.values(filters).some(Boolean);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || PAGE_SIZE))) : 1;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface-raised p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          Opérations
        </h2>
        <a href={exportHref(filters)} className={buttonClasses('secondary', 'sm')} download>
          <Download className="h-4 w-4" aria-hidden="true" /> Exporter en CSV
        </a>
      </div>
      <div className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Type"
          value={filters.type}
          onChange={(event) => set('type')(event.target.value)}
          options={[
            { value: '', label: 'Tous' },
            { value: 'credit', label: 'Crédits' },
            { value: 'debit', label: 'Débits' },
          ]}
        />
        <SelectField
          label="Catégorie"
          value={filters.category}
          onChange={(event) => set('category')(event.target.value)}
          options={[
            { value: '', label: 'Toutes' },
            ...WALLET_LINE_KINDS.map((kind) => ({ value: kind, label: WALLET_LINE_KIND_LABELS[kind] })),
          ]}
        />
        <TextField
          label="Du"
          type="date"
          value={filters.from}
          onChange={(event) => set('from')(event.target.value)}
        />
        <TextField
          label="Au"
          type="date"
          value={filters.to}
          onChange={(event) => set('to')(event.target.value)}
        />
      </div>
      {query.isError ? (
        <p role="alert" className="text-danger">
          {query.error.message || 'Les opérations n’ont pas pu être chargées.'}
        </p>
      ) : !data ? (
        <p className="text-ink-muted">Chargement...</p>
      ) : data.items.length === 0 ? (
        <p className="text-ink-muted">
          {filtered ? 'Aucune opération pour ces filtres.' : 'Aucune opération pour l’instant.'}{' '}
          {filtered && (
            <button
              type="button"
              className="font-semibold text-accent underline"
              onClick={() => {
                setFilters(NO_FILTERS);
                setPage(1);
              }}
            >
              Effacer les filtres
            </button>
          )}
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-muted" aria-live="polite">
            {data.total} opération{data.total > 1 ? 's' : ''}
            {pages > 1 ? ` · page ${data.page} sur ${pages}` : ''}
          </p>
          <ul className="divide-y divide-line">
            {data.items.map((line) => (
              <LineRow key={line.id} line={line} side={side} />
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages des opérations" className="mt-3 flex flex-wrap justify-between gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1 || query.isFetching}
                onClick={() => setPage((current) => Math.max(1, current - 1))}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Précédentes
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages || query.isFetching}
                onClick={() => setPage((current) => Math.min(pages, current + 1))}
              >
                Suivantes <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
