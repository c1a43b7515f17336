import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { TRANSACTION_CATEGORIES, TRANSACTION_CATEGORY_LABELS, formatMoney } from '#core/rules/money.js';
import type { Transaction } from '#core/schemas/payments.js';
import { formatShortDateTime } from '#core/rules/french-dates.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { SelectField, TextField } from '#web/ui/field.js';
import { exportHref, PAGE_SIZE, useTransactions, type TransactionFilters } from './api.js';

const NO_FILTERS: TransactionFilters = { type: '', category: '', from: '', to: '' };
const TYPE_LABELS = { credit: 'Crédit', debit: 'Débit' } as const;

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const category = TRANSACTION_CATEGORY_LABELS[transaction.category] ?? transaction.category;
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold">{category}</p>
        {transaction.missionId && (
          <Link
            href={`/mission/${transaction.missionId}/payment`}
            className="user-text block text-accent underline"
          >
            {transaction.missionTitle ?? 'Mission'}
          </Link>
        )}
        {transaction.description && (
          <p className="user-text text-sm text-ink-muted">{transaction.description}</p>
        )}
        <p className="text-sm text-ink-muted">{formatShortDateTime(transaction.createdAt)}</p>
      </div>
      <div className="ml-auto text-right">
        <p className="whitespace-nowrap text-lg font-extrabold">{formatMoney(transaction.amount)}</p>
        <p className="text-xs text-ink-muted">{TYPE_LABELS[transaction.type]}</p>
      </div>
    </li>
  );
}

/** The history of the wallet: filters (type, category, dates), pages, each row to its mission's payment, CSV. */
export function Transactions() {
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
            ...TRANSACTION_CATEGORIES.map((category) => ({
              value: category,
              label: TRANSACTION_CATEGORY_LABELS[category],
            })),
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
            {data.items.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
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
