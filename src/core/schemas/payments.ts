/**
 * The money API (decision 018), shared by the server, the screens and the tests: a mission's payment, the billing
 * details that invoices need, the wallet and the transactions. Amounts travel as decimal strings ("1234.50").
 */
import { z } from 'zod';
import { TRANSACTION_TYPES } from '../rules/enums.js';
import { PAYMENT_TERMS, SETTLEMENT_STATUSES, VAT_REGIMES } from '../rules/money.js';
import { isValidIban, normalizeIban } from '../rules/iban.js';
import { WALLET_LINE_KINDS, WALLET_LINE_STATES } from '../rules/wallet.js';
import { normalizeSiret } from '../rules/siret.js';
import { daySchema } from './dates.js';
import { waitingTotalsSchema } from './delivery.js';
import { requiredText } from './text.js';

const isoDateSchema = daySchema('Date invalide (AAAA-MM-JJ)');

export const paymentMessages = {
  notFound: 'Règlement introuvable',
  notCompleted: 'Le règlement s’ouvre quand le transporteur a confirmé la fin de mission.',
  referenceRequired: 'Indiquez la référence du virement',
  referenceTooLong: 'La référence ne doit pas dépasser 140 caractères',
  paidOnRequired: 'Indiquez la date du paiement',
  paidOnFuture: 'La date du paiement ne peut pas être dans le futur',
  paidOnBeforeCompletion: 'La date du paiement ne peut pas précéder la mission',
  disputeReason: 'Expliquez ce qui ne va pas (10 caractères au moins)',
  disputeTooLong: 'L’explication ne doit pas dépasser 1000 caractères',
  addressRequired: 'Indiquez l’adresse de facturation (numéro, rue, code postal, ville)',
  addressTooLong: 'L’adresse ne doit pas dépasser 300 caractères',
  siretRequired: 'Indiquez votre numéro SIRET (14 chiffres)',
  vatRegimeRequired: 'Choisissez votre régime de TVA',
  vatNumberInvalid: 'Numéro de TVA intracommunautaire invalide (ex. FR12345678901)',
  mandateRequired: 'Acceptez le mandat de facturation pour que Relais émette vos factures',
  ibanInvalid: 'IBAN invalide : vérifiez-le sur votre RIB (ex. FR76 3000 6000 0112 3456 7890 189)',
  vatOnDebitsNeedsVat:
    'L’option pour la TVA d’après les débits ne concerne qu’un prestataire assujetti à la TVA',
  payslipNumberRequired: 'Indiquez le numéro du bulletin de paie',
  independentOnly: 'La facture concerne une prestation d’indépendant',
  employmentOnly: 'Le bulletin de paie concerne un contrat de travail',
  paidOnline:
    'Cette mission est réglée en ligne : le chauffeur est payé par le versement que le transporteur valide.',
} as const;

const paymentTermsSchema = z.enum(PAYMENT_TERMS, { error: 'Choisissez un délai de paiement' });

export const markPaidSchema = z.object({
  paidOn: daySchema(paymentMessages.paidOnRequired),
  reference: requiredText(paymentMessages.referenceRequired, {
    max: 140,
    tooLong: paymentMessages.referenceTooLong,
  }),
});
export type MarkPaidInput = z.infer<typeof markPaidSchema>;

export const disputeSchema = z.object({
  reason: requiredText(paymentMessages.disputeReason, {
    min: 10,
    max: 1000,
    tooLong: paymentMessages.disputeTooLong,
    multiline: true,
  }),
});
export type DisputeInput = z.infer<typeof disputeSchema>;

const VAT_NUMBER = /^FR[0-9A-Z]{2}\d{9}$/;

/** PUT /api/billing/details: what invoices print about the user. SIRET and VAT only for a carrier (driver). */
export const billingDetailsSchema = z.object({
  billingAddress: requiredText(paymentMessages.addressRequired, {
    min: 10,
    max: 300,
    tooLong: paymentMessages.addressTooLong,
    multiline: true,
  }),
  /** Spaces, dots and dashes dropped as at registration (core normalizeSiret); the Luhn key is checked by the server. */
  siretNumber: z
    .string({ error: paymentMessages.siretRequired })
    .max(40, paymentMessages.siretRequired)
    .transform(normalizeSiret)
    .pipe(z.string().regex(/^\d{14}$/, paymentMessages.siretRequired))
    .optional(),
  vatRegime: z.enum(VAT_REGIMES, { error: paymentMessages.vatRegimeRequired }).optional(),
  vatNumber: z
    .string({ error: paymentMessages.vatNumberInvalid })
    .max(40, paymentMessages.vatNumberInvalid)
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().regex(VAT_NUMBER, paymentMessages.vatNumberInvalid))
    .nullable()
    .optional(),
  /** A driver accepting the self-billing mandate (once; it stays accepted). */
  acceptSelfBillingMandate: z.boolean().optional(),
  /** The carrier's account, printed on their invoices for a payment by transfer; null removes it. */
  iban: z
    .string({ error: paymentMessages.ibanInvalid })
    .max(60, paymentMessages.ibanInvalid)
    .transform(normalizeIban)
    .pipe(z.string().refine(isValidIban, paymentMessages.ibanInvalid))
    .nullable()
    .optional(),
  /** A carrier subject to VAT who opted to pay it on the invoices' dates (« d’après les débits »), not on receipts. */
  vatOnDebits: z.boolean({ error: paymentMessages.vatOnDebitsNeedsVat }).optional(),
});
export type BillingDetailsInput = z.infer<typeof billingDetailsSchema>;

export const billingDetailsViewSchema = z.object({
  billingAddress: z.string().nullable(),
  siretNumber: z.string().nullable(),
  vatRegime: z.enum(VAT_REGIMES).nullable(),
  vatNumber: z.string().nullable(),
  selfBillingAcceptedAt: z.string().nullable(),
  iban: z.string().nullable(),
  vatOnDebits: z.boolean(),
});
export type BillingDetailsView = z.infer<typeof billingDetailsViewSchema>;

const moneyDocumentSchema = z.object({
  id: z.string(),
  /** invoice | pay_statement | payslip */
  type: z.enum(['invoice', 'pay_statement', 'payslip']),
  label: z.string(),
  number: z.string().nullable(),
  fileName: z.string(),
  /** GET this to open the PDF (access-checked). */
  url: z.string(),
  createdAt: z.string(),
});
export type MoneyDocument = z.infer<typeof moneyDocumentSchema>;

/** GET /api/missions/:id/payment — what both parties (and admins) see. */
export const missionPaymentSchema = z.object({
  missionId: z.string(),
  missionTitle: z.string(),
  /** The viewer's side. */
  viewerRole: z.enum(['driver', 'transporter', 'admin']),
  engagementType: z.enum(['employment', 'independent']),
  driver: z.object({ id: z.string(), fullName: z.string() }),
  transporter: z.object({ id: z.string(), fullName: z.string(), companyName: z.string().nullable() }),
  pricingType: z.enum(['flat', 'hourly', 'daily']),
  /** The agreed price per unit, the quantity worked (hours, days, 1) and its French explanation. */
  unitPrice: z.string(),
  quantity: z.string(),
  detail: z.string(),
  /**
   * What makes up the amount before VAT: the transport, then the waiting billed beyond the franchise (decision
   * 042), each with its French detail; their amounts add up to amountExclTax.
   */
  lines: z.array(
    z.object({ kind: z.enum(['transport', 'waiting']), detail: z.string(), amountExclTax: z.string() }),
  ),
  /** The waiting rate the amount was computed with: price per started quarter hour (HT), franchise per operation. */
  waitingRate: z.object({ quarterPrice: z.string(), franchiseMinutes: z.number() }).nullable(),
  amountExclTax: z.string(),
  vatAmount: z.string(),
  vatRate: z.string().nullable(),
  amount: z.string(),
  currency: z.literal('eur'),
  paymentTerms: paymentTermsSchema,
  dueDate: z.string(),
  overdue: z.boolean(),
  /** transfer (virement as agreed) or stripe */
  method: z.enum(['transfer', 'stripe']),
  status: z.enum(SETTLEMENT_STATUSES),
  paidOn: z.string().nullable(),
  reference: z.string().nullable(),
  markedPaidAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  disputedAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
  completedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  payslipNumber: z.string().nullable(),
  documents: z.array(moneyDocumentSchema),
  /**
   * Whether the amount with VAT is known: always for an employee (gross pay); for an independent carrier once
   * their VAT regime is (until then, `amount` is the amount before VAT and no total with VAT may be shown).
   */
  vatKnown: z.boolean(),
  /** What still keeps the invoice from being issued (independent frame), in French; empty once issued. */
  invoiceBlockers: z.array(z.string()),
  /** Actions the viewer may take now. */
  actions: z.array(z.enum(['markPaid', 'confirm', 'dispute', 'uploadPayslip'])),
  /** Waiting at the pickup and the delivery, recorded by the driver; billed beyond the franchise when `billed`. */
  waiting: waitingTotalsSchema,
  /** Stripe mode: deposit and balance of the mission (null without Stripe). */
  stripe: z
    .object({
      depositAmount: z.string().nullable(),
      depositPaid: z.boolean(),
      finalPaymentDue: z.string().nullable(),
      paymentStatus: z.string(),
      transferStatus: z.string(),
      paidAt: z.string().nullable(),
      validatedAt: z.string().nullable(),
      actions: z.array(z.enum(['payDeposit', 'payBalance', 'validate', 'connect'])),
    })
    .nullable(),
});
export type MissionPayment = z.infer<typeof missionPaymentSchema>;

// ——— Wallet ——————————————————————————————————————————————————————————————————————————

/** GET /api/wallet/balance */
export const walletBalanceSchema = z.object({
  role: z.enum(['driver', 'transporter']),
  currency: z.literal('eur'),
  /** Driver: received (confirmed). Transporter: paid (declared paid or confirmed). */
  settled: z.string(),
  /** Owed and not yet due, or declared paid and waiting for the driver's confirmation. */
  pending: z.string(),
  overdue: z.string(),
  disputed: z.string(),
  /** Missions completed this month / this year (what they owe, whatever its state). */
  thisMonth: z.string(),
  thisYear: z.string(),
  counts: z.object({ pending: z.number(), overdue: z.number(), disputed: z.number() }),
  /**
   * A driver's earnings (settled, thisMonth, thisYear) are before VAT; the VAT collected on them, which is the
   * state's, is here apart. Pending, overdue and disputed are what is to be transferred, VAT included. Null for a
   * transporter (every figure is what they pay, VAT included).
   */
  vat: z.object({ settled: z.string(), thisMonth: z.string(), thisYear: z.string() }).nullable(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** GET /api/wallet/chart — the last 12 months, oldest first. */
export const walletChartSchema = z.object({
  role: z.enum(['driver', 'transporter']),
  months: z.array(
    z.object({
      /** "2026-11" */
      month: z.string(),
      /** "nov. 2026" */
      label: z.string(),
      /** What missions completed that month owe. */
      earned: z.string(),
      /** What was settled that month (driver: confirmed received; transporter: paid). */
      settled: z.string(),
    }),
  ),
});
export type WalletChart = z.infer<typeof walletChartSchema>;

export const transactionQuerySchema = z.object({
  type: z.enum(TRANSACTION_TYPES, { error: 'Type inconnu' }).optional(),
  /** The kind of line (decision 040). */
  category: z.enum(WALLET_LINE_KINDS, { error: 'Catégorie inconnue' }).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  missionId: z.uuid({ error: 'Identifiant de mission invalide' }).optional(),
  page: z.coerce
    .number({ error: 'Page invalide' })
    .int('Page invalide')
    .min(1, 'Page invalide')
    .max(10_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Taille de page invalide' })
    .int('Taille de page invalide')
    .min(1, 'Taille de page invalide')
    .max(100, 'Taille de page invalide')
    .default(20),
});
export type TransactionQuery = z.infer<typeof transactionQuerySchema>;

/** One money event of the wallet, in the state it has reached (core/rules/wallet.ts, decision 040). */
const walletLineSchema = z.object({
  id: z.string(),
  kind: z.enum(WALLET_LINE_KINDS),
  missionId: z.string().nullable(),
  missionTitle: z.string().nullable(),
  type: z.enum(TRANSACTION_TYPES),
  state: z.enum(WALLET_LINE_STATES),
  /** With VAT: what is paid. */
  amount: z.string(),
  /**
   * Before VAT, the VAT and its rate (null rate: no VAT): a mission's from its payment, a subscription's as its
   * invoice splits it (decision 041); null on the other lines.
   */
  amountExclTax: z.string().nullable(),
  vatAmount: z.string().nullable(),
  vatRate: z.string().nullable(),
  /** The carrier's invoice of the mission, once issued. */
  invoiceNumber: z.string().nullable(),
  /** A mission's line: how the driver works, how it is paid, when it falls due, the transfer, a dispute. */
  engagementType: z.enum(['employment', 'independent']).nullable(),
  method: z.enum(['transfer', 'stripe']).nullable(),
  dueDate: z.string().nullable(),
  paidOn: z.string().nullable(),
  reference: z.string().nullable(),
  disputeReason: z.string().nullable(),
  /** Other lines: what happened, as it was recorded. */
  description: z.string().nullable(),
  /** When the event began (a mission's: when it became owed). */
  createdAt: z.string(),
});
export type WalletLine = z.infer<typeof walletLineSchema>;

/** GET /api/transactions: the wallet's lines, newest first, one page. */
export const transactionPageSchema = z.object({
  items: z.array(walletLineSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;
