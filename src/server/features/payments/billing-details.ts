import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import { isValidFrenchVatNumber, isValidSiret } from '#core/rules/siret.js';
import {
  paymentMessages,
  type BillingDetailsInput,
  type BillingDetailsView,
} from '#core/schemas/payments.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import type { RecordedEvent } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { openAccountRow } from '../../platform/sessions.js';
import { keepVatInStep } from './amounts.js';
import { issueUnblockedInvoices } from './documents.js';
import type { PaymentDeps } from './shared.js';

const DRIVER_ONLY_FIELD =
  'Réservé aux chauffeurs indépendants : le SIRET d’une entreprise reste celui de son inscription, et le mandat de facturation comme le régime de TVA concernent le chauffeur.';
const SIRET_CHECKSUM = 'Numéro SIRET invalide : la clé de contrôle ne correspond pas';
const VAT_NUMBER_REQUIRED = 'Indiquez votre numéro de TVA intracommunautaire (assujetti à la TVA)';
const VAT_NUMBER_KEY = 'Numéro de TVA intracommunautaire invalide : la clé ne correspond pas au SIREN';
const VAT_NUMBER_SIREN =
  'Ce numéro de TVA n’est pas celui de votre entreprise : il reprend son SIREN (les 9 premiers chiffres du SIRET)';

export function billingDetailsView(user: User): BillingDetailsView {
  return {
    billingAddress: user.billingAddress,
    siretNumber: user.siretNumber,
    vatRegime: user.vatRegime as BillingDetailsView['vatRegime'],
    vatNumber: user.vatNumber,
    selfBillingAcceptedAt: user.selfBillingAcceptedAt?.toISOString() ?? null,
    iban: user.iban,
    vatOnDebits: user.vatOnDebits,
  };
}

const fieldError = (field: string, message: string) => new AppError(400, message, { [field]: message });

/** What a transporter may not send: the fields that belong to a carrier. */
function refuseCarrierFields(input: BillingDetailsInput): void {
  const errors: Record<string, string> = {};
  if (input.siretNumber !== undefined) errors.siretNumber = DRIVER_ONLY_FIELD;
  if (input.vatRegime !== undefined) errors.vatRegime = DRIVER_ONLY_FIELD;
  if (input.vatNumber !== undefined && input.vatNumber !== null) errors.vatNumber = DRIVER_ONLY_FIELD;
  if (input.acceptSelfBillingMandate === true) errors.acceptSelfBillingMandate = DRIVER_ONLY_FIELD;
  if (input.iban !== undefined && input.iban !== null) errors.iban = DRIVER_ONLY_FIELD;
  if (input.vatOnDebits === true) errors.vatOnDebits = DRIVER_ONLY_FIELD;
  if (Object.keys(errors).length > 0) throw new AppError(400, DRIVER_ONLY_FIELD, errors);
}

/**
 * PUT /api/billing/details: the address invoices print for anyone; for a driver also their SIRET, VAT regime
 * (and number when subject) and, once, the self-billing mandate. The driver's VAT regime applies at once to
 * their payments still owed and not invoiced (same transaction), and is announced (billing.vat_regime_changed:
 * in Stripe mode, payment pages for the old amounts close). Once saved, the invoices the change unblocks are
 * issued.
 */
export async function saveBillingDetails(
  deps: PaymentDeps,
  viewer: User,
  input: BillingDetailsInput,
): Promise<BillingDetailsView> {
  const isDriver = roleOf(viewer) === 'driver';
  if (!isDriver) refuseCarrierFields(input);
  if (input.siretNumber !== undefined && !isValidSiret(input.siretNumber))
    throw fieldError('siretNumber', SIRET_CHECKSUM);
  const changed: RecordedEvent[] = [];
  const saved = await deps.db.transaction(async (tx) => {
    // 'no key update': the payments, documents and sequences that reference this user (foreign keys) are not
    // held up by it, so issuing an invoice at the same time never waits on this row.
    const [current] = await tx.select().from(users).where(openAccountRow(viewer.id)).for('no key update');
    if (!current) throw unauthorized();
    if (!isDriver) {
      const [row] = await tx
        .update(users)
        .set({ billingAddress: input.billingAddress })
        .where(eq(users.id, viewer.id))
        .returning();
      return row!;
    }
    const vatRegime = input.vatRegime ?? current.vatRegime;
    const vatNumber = input.vatNumber === undefined ? current.vatNumber : input.vatNumber;
    if (vatRegime === 'normal' && !vatNumber) throw fieldError('vatNumber', VAT_NUMBER_REQUIRED);
    // The option follows the regime: gone with a move to the franchise, refused when asked for under it.
    if (input.vatOnDebits === true && vatRegime !== 'normal')
      throw fieldError('vatOnDebits', paymentMessages.vatOnDebitsNeedsVat);
    const vatOnDebits = vatRegime === 'normal' && (input.vatOnDebits ?? current.vatOnDebits);
    // The number printed on the invoices is FR + key + the carrier's own SIREN.
    const siret = input.siretNumber ?? current.siretNumber;
    if (vatRegime === 'normal' && vatNumber) {
      if (!isValidFrenchVatNumber(vatNumber)) throw fieldError('vatNumber', VAT_NUMBER_KEY);
      if (siret && vatNumber.slice(4) !== siret.slice(0, 9)) throw fieldError('vatNumber', VAT_NUMBER_SIREN);
    }
    const [row] = await tx
      .update(users)
      .set({
        billingAddress: input.billingAddress,
        ...(input.siretNumber !== undefined ? { siretNumber: input.siretNumber } : {}),
        vatRegime,
        vatNumber,
        vatOnDebits,
        ...(input.iban !== undefined ? { iban: input.iban } : {}),
        ...(input.acceptSelfBillingMandate
          ? { selfBillingAcceptedAt: sql`coalesce(${users.selfBillingAcceptedAt}, now())` }
          : {}),
      })
      .where(eq(users.id, viewer.id))
      .returning();
    if (vatRegime !== current.vatRegime) {
      changed.push(await recordDomainEvent(tx, { type: 'billing.vat_regime_changed', driverId: viewer.id }));
      // Payments still owed and not invoiced follow the regime (locked in a fixed order).
      const owed = await tx
        .select({ payment: driverPayments })
        .from(driverPayments)
        .innerJoin(missions, eq(missions.id, driverPayments.missionId))
        .where(
          and(
            eq(driverPayments.driverId, viewer.id),
            eq(driverPayments.engagementType, 'independent'),
            eq(driverPayments.settlementStatus, 'owed'),
            isNull(missions.invoiceNumber),
          ),
        )
        .orderBy(asc(driverPayments.id))
        .for('update', { of: driverPayments });
      for (const { payment } of owed) {
        // Read again under the lock: an invoice issued meanwhile fixes the amounts.
        const [mission] = await tx
          .select({ invoiceNumber: missions.invoiceNumber, title: missions.title })
          .from(missions)
          .where(eq(missions.id, payment.missionId));
        const [fresh] = await tx.select().from(driverPayments).where(eq(driverPayments.id, payment.id));
        if (!mission || mission.invoiceNumber || fresh?.settlementStatus !== 'owed') continue;
        const updated = await keepVatInStep(tx, fresh, vatRegime);
        // Both parties hear the amount now owed: it changed, or it was told before VAT while the regime was unknown.
        if (updated.amount !== fresh.amount || current.vatRegime === null)
          changed.push(
            await recordDomainEvent(tx, {
              type: 'payment.amount_changed',
              missionId: fresh.missionId,
              title: mission.title,
              companyId: fresh.transporterId,
              driverId: fresh.driverId,
              amount: updated.amount,
              previousAmount: fresh.amount,
              vatIncluded: updated.vatRate !== null,
            }),
          );
      }
    }
    return row!;
  });
  await deps.events.publish(changed);
  await issueUnblockedInvoices(deps, viewer.id);
  return billingDetailsView(saved);
}
