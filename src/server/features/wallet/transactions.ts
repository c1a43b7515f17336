import { toCsv } from '#core/rules/csv.js';
import { parisDate } from '#core/rules/days.js';
import { formatNumericDateTime } from '#core/rules/french-dates.js';
import { missionLineDetail, WALLET_LINE_KIND_LABELS, WALLET_STATE_LABELS } from '#core/rules/wallet.js';
import type { TransactionPage, TransactionQuery } from '#core/schemas/payments.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/users.js';
import type { WalletRole } from './balance.js';
import { countWalletLines, walletLines, type TransactionFilters } from './lines.js';

/** The most lines one export carries (years of a busy account). */
const EXPORT_LIMIT = 20_000;

/** GET /api/transactions: the caller's money events, one line each in its state, newest first, one page. */
export async function listTransactions(
  db: Db,
  user: User,
  query: TransactionQuery,
): Promise<TransactionPage> {
  const { page, pageSize, ...filters } = query;
  const [items, total] = await Promise.all([
    walletLines(db, user, filters, parisDate(new Date()), {
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    countWalletLines(db, user, filters),
  ]);
  return { items, total, page, pageSize };
}

const comma = (value: string | null) => (value === null ? '' : value.replace('.', ','));

/**
 * The same lines as a French spreadsheet (toCsv: `;`, BOM, formula-safe cells), amounts with a decimal comma: each
 * money event once, its state in the viewer's words; a mission's line with its amount before VAT, its VAT and
 * with VAT, from its payment, and the invoice's number once issued.
 */
export async function transactionsCsv(
  db: Db,
  user: User,
  role: WalletRole,
  filters: TransactionFilters,
): Promise<string> {
  const found = await walletLines(db, user, filters, parisDate(new Date()), { limit: EXPORT_LIMIT });
  return toCsv([
    [
      'Date',
      'Mission',
      'Type',
      'Catégorie',
      'État',
      'Montant (€)',
      'Montant HT de la mission (€)',
      'TVA de la mission (€)',
      'Montant TTC de la mission (€)',
      'N° de facture',
      'Description',
    ],
    ...found.map((line) => {
      const mission = line.kind === 'mission';
      return [
        formatNumericDateTime(line.createdAt),
        line.missionTitle,
        line.type === 'credit' ? 'Crédit' : 'Débit',
        WALLET_LINE_KIND_LABELS[line.kind],
        WALLET_STATE_LABELS[role][line.state],
        comma(line.amount),
        comma(mission ? line.amountExclTax : null),
        comma(mission ? line.vatAmount : null),
        comma(mission ? line.amount : null),
        line.invoiceNumber,
        mission ? missionLineDetail(line) : line.description,
      ];
    }),
  ]);
}
