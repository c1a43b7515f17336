import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { planInvoiceAmounts, PLAN_NAMES, type BillingInterval } from '#core/rules/billing.js';
import { addDays, parisDate } from '#core/rules/days.js';
import { centsToDecimal, toCents } from '#core/rules/money.js';
import type { SubscriptionPlan } from '#core/rules/enums.js';
import type { DbOrTx } from '../../db/client.js';
import { invoiceSeries, planInvoices, stripePayments, subscriptions } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { facturX } from '../../platform/e-invoice.js';
import { notFound } from '../../platform/errors.js';
import { renderPdf, sha256Hex } from '../../platform/pdf.js';
import { readPublisher, type Publisher } from '../../platform/publisher.js';
import { INTERVAL_ADJECTIVES } from './shared.js';
import { planEInvoice, planInvoiceModel, type PlanInvoiceInput } from './plan-invoice-model.js';

/**
 * Relais's invoices for its plans (decision 043): one per payment, a Stripe payment of a subscription or a plan
 * granted against a transfer, issued as a Factur-X e-invoice in Relais's own gap-free series RL-<year>-<n>. An
 * invoice needs the publisher's details (back office, « Factures des formules ») and the member's billing address
 * (/facturation): until both are there it waits, and goes out at the next pass (after each payment, and every
 * quarter of an hour), in the order the payments came.
 */

type Deps = Pick<FeatureDeps, 'db' | 'storage'> & { log?: { error: (...args: unknown[]) => void } };
type Tx = Parameters<Parameters<FeatureDeps['db']['transaction']>[0]>[0];

/** Payments looked at per pass (the next pass takes the rest). */
const BATCH = 100;

type Source =
  | { kind: 'stripe'; id: string; userId: string; at: Date }
  | { kind: 'grant'; id: string; userId: string; at: Date };

/** The payments of plans with no invoice yet (of one member, or all), oldest first. */
async function pendingSources(db: DbOrTx, userId?: string): Promise<Source[]> {
  const [online, granted] = await Promise.all([
    db
      .select({ id: stripePayments.id, userId: stripePayments.userId, at: stripePayments.createdAt })
      .from(stripePayments)
      .leftJoin(planInvoices, eq(planInvoices.stripePaymentId, stripePayments.id))
      .where(
        and(
          userId ? eq(stripePayments.userId, userId) : undefined,
          eq(stripePayments.kind, 'subscription'),
          eq(stripePayments.status, 'paid'),
          gt(stripePayments.amount, '0'),
          isNull(planInvoices.id),
        ),
      )
      .orderBy(asc(stripePayments.createdAt))
      .limit(BATCH),
    db
      .select({ id: subscriptions.id, userId: subscriptions.userId, at: subscriptions.createdAt })
      .from(subscriptions)
      .leftJoin(planInvoices, eq(planInvoices.subscriptionId, subscriptions.id))
      .where(
        and(
          userId ? eq(subscriptions.userId, userId) : undefined,
          eq(subscriptions.source, 'admin'),
          ne(subscriptions.status, 'requested'),
          gt(subscriptions.amount, '0'),
          isNull(planInvoices.id),
        ),
      )
      .orderBy(asc(subscriptions.createdAt))
      .limit(BATCH),
  ]);
  return [
    ...online.map((row) => ({ kind: 'stripe' as const, ...row })),
    ...granted.map((row) => ({ kind: 'grant' as const, ...row })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The next number of Relais's series for the year, gap-free (the row stays locked until the transaction ends). */
async function nextInvoiceNumber(tx: Tx, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ series: 'RL', year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceSeries.series, invoiceSeries.year],
      set: { last: sql`${invoiceSeries.last} + 1` },
    })
    .returning({ last: invoiceSeries.last });
  return `RL-${year}-${String(row!.last).padStart(4, '0')}`;
}

/** What the invoice of one payment says, read under the lock; null when it cannot be issued yet or at all. */
async function invoiceFacts(
  tx: Tx,
  source: Source,
  seller: Publisher,
): Promise<
  | (Omit<PlanInvoiceInput, 'number'> & { stripePaymentId: string | null; subscriptionId: string | null })
  | null
> {
  const [buyer] = await tx.select().from(users).where(eq(users.id, source.userId));
  if (!buyer?.billingAddress) return null;
  const issuedOn = parisDate(new Date());
  const party = {
    name: buyer.companyName ?? buyer.fullName,
    address: buyer.billingAddress,
    siret: buyer.siretNumber,
    vatNumber: buyer.vatNumber,
  };
  if (source.kind === 'stripe') {
    const [payment] = await tx.select().from(stripePayments).where(eq(stripePayments.id, source.id));
    if (!payment) return null;
    return {
      issuedOn,
      seller,
      buyer: party,
      description: payment.description ?? 'Abonnement Relais',
      period: null,
      payment: { kind: 'card', paidOn: parisDate(payment.createdAt) },
      orderReference: null,
      amounts: planInvoiceAmounts(toCents(payment.amount)),
      stripePaymentId: payment.id,
      subscriptionId: null,
    };
  }
  const [grant] = await tx.select().from(subscriptions).where(eq(subscriptions.id, source.id));
  if (!grant?.amount) return null;
  const start = grant.currentPeriodStart ?? grant.createdAt;
  return {
    issuedOn,
    seller,
    buyer: party,
    description: `Formule ${PLAN_NAMES[grant.plan as SubscriptionPlan] ?? grant.plan}, ${INTERVAL_ADJECTIVES[grant.interval as BillingInterval]}`,
    // The period's last day: the day before the next period starts.
    period: grant.currentPeriodEnd
      ? { start: parisDate(start), end: addDays(parisDate(grant.currentPeriodEnd), -1) }
      : null,
    payment: { kind: 'transfer' },
    orderReference: grant.invoiceReference,
    amounts: planInvoiceAmounts(toCents(grant.amount)),
    stripePaymentId: null,
    subscriptionId: grant.id,
  };
}

/**
 * Issues the invoice of one payment, at most once: passes are serialised by a transaction-scoped advisory lock and
 * the payment's invoice is looked for under it; the number, the file and the row come together or not at all.
 */
async function issueOne(deps: Deps, source: Source, seller: Publisher): Promise<boolean> {
  let written: string | null = null;
  try {
    return await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('relais.plan_invoices'))`);
      const [already] = await tx
        .select({ id: planInvoices.id })
        .from(planInvoices)
        .where(
          source.kind === 'stripe'
            ? eq(planInvoices.stripePaymentId, source.id)
            : eq(planInvoices.subscriptionId, source.id),
        );
      if (already) return false;
      const facts = await invoiceFacts(tx, source, seller);
      if (!facts) return false;
      const number = await nextInvoiceNumber(tx, Number(facts.issuedOn.slice(0, 4)));
      const { stripePaymentId, subscriptionId, ...rest } = facts;
      const input: PlanInvoiceInput = { ...rest, number };
      const bytes = await facturX(await renderPdf(planInvoiceModel(input)), planEInvoice(input));
      const id = randomUUID();
      written = `plan-invoices/${id}.pdf`;
      await deps.storage.put(written, Buffer.from(bytes));
      await tx.insert(planInvoices).values({
        id,
        number,
        userId: source.userId,
        stripePaymentId,
        subscriptionId,
        issuedOn: input.issuedOn,
        description: input.description,
        amountExclTax: centsToDecimal(input.amounts.netCents),
        vatAmount: centsToDecimal(input.amounts.vatCents),
        amount: centsToDecimal(input.amounts.grossCents),
        paid: input.payment.kind === 'card',
        fileKey: written,
        sizeBytes: bytes.length,
        sha256: sha256Hex(bytes),
      });
      return true;
    });
  } catch (error) {
    if (written) await deps.storage.remove(written).catch(() => undefined);
    throw error;
  }
}

/**
 * One pass: every payment of a plan with no invoice (of one member when given) gets one, oldest first, when the
 * publisher's details are complete and the member gave a billing address. A failure is logged and left for the
 * next pass.
 */
export async function issuePendingPlanInvoices(
  deps: Deps,
  userId?: string,
): Promise<{ issued: number; waiting: number; missing: string[] }> {
  const { publisher, missing } = await readPublisher(deps.db);
  // Nothing can go out without Relais's details: a member's page (userId) does not scan their payments then; the
  // quarter-hourly job counts what waits, for its log.
  if (!publisher) return { issued: 0, waiting: userId ? 0 : (await pendingSources(deps.db)).length, missing };
  const sources = await pendingSources(deps.db, userId);
  let issued = 0;
  for (const source of sources) {
    try {
      if (await issueOne(deps, source, publisher)) issued++;
    } catch (error) {
      deps.log?.error({ err: error, source }, 'plan invoice not issued');
    }
  }
  return { issued, waiting: sources.length - issued, missing: [] };
}

/** GET /api/billing/invoices/:id/pdf: the invoice's PDF, for the member it was issued to (anyone else: 404). */
export async function planInvoiceFile(
  { db, storage }: Pick<FeatureDeps, 'db' | 'storage'>,
  user: User,
  invoiceId: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const [row] = await db
    .select()
    .from(planInvoices)
    .where(and(eq(planInvoices.id, invoiceId), eq(planInvoices.userId, user.id)));
  const bytes = row ? await storage.get(row.fileKey) : null;
  if (!row || !bytes) throw notFound('Facture introuvable');
  return { bytes, fileName: `Facture ${row.number}.pdf` };
}
