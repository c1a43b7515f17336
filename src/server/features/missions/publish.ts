import { searchable } from '#core/rules/text.js';
import { eq } from 'drizzle-orm';
import { cityFromAddress } from '#core/rules/places.js';
import { emailRequiredMessages } from '#core/schemas/users.js';
import { homonymsMessage } from '#core/schemas/places.js';
import type { MissionInput } from '#core/schemas/missions.js';
import { DEFAULT_WAITING_FRANCHISE_MINUTES } from '#core/rules/waiting-rate.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { type User } from '../../db/schema/users.js';
import { locateAddress } from '../../platform/places.js';
import { lockActiveUsers } from '../../platform/sessions.js';
import { AppError, emailNotVerified } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { missionErrors, recordEvent, lockOwnMission, pendingApplicantIds } from './shared.js';
import { getMissionDetail } from './detail.js';

/**
 * Places one end of a mission: the point given (an address suggestion or a pin: exact), else the commune read
 * from the address (platform/places: postcode first), else no point at all — and says which. An address that
 * names a commune several bear, with nothing to say which, is refused under its field (decision 046): a guess
 * would put the mission hundreds of kilometres from the drivers who should see it.
 */
function locate(address: string, city: string | null | undefined, lat?: number | null, lng?: number | null) {
  const placed = locateAddress(address);
  if (lat != null && lng != null)
    return {
      city: city?.trim() || placed?.city || cityFromAddress(address),
      lat: lat.toFixed(6),
      lng: lng.toFixed(6),
      precision: 'exact' as const,
    };
  if (placed?.conflict === 'homonyms') return { refusal: homonymsMessage(placed) };
  if (placed)
    return {
      city: placed.city,
      lat: placed.lat.toFixed(6),
      lng: placed.lng.toFixed(6),
      precision: placed.precision,
    };
  return { city: city?.trim() || cityFromAddress(address), lat: null, lng: null, precision: null };
}

/** The row's values; a 400 naming each ambiguous address, before anything is written (the form keeps its text). */
export function missionValues(input: MissionInput) {
  const pickup = locate(input.pickupAddress, input.pickupCity, input.pickupLat, input.pickupLng);
  const delivery = locate(input.deliveryAddress, input.deliveryCity, input.deliveryLat, input.deliveryLng);
  if ('refusal' in pickup || 'refusal' in delivery) {
    const errors: Record<string, string> = {};
    if (pickup.refusal) errors.pickupAddress = pickup.refusal;
    if (delivery.refusal) errors.deliveryAddress = delivery.refusal;
    throw new AppError(400, Object.values(errors)[0]!, errors);
  }
  return {
    title: input.title,
    description: input.description,
    pickupAddress: input.pickupAddress,
    deliveryAddress: input.deliveryAddress,
    pickupCity: pickup.city,
    deliveryCity: delivery.city,
    pickupLat: pickup.lat,
    pickupLng: pickup.lng,
    deliveryLat: delivery.lat,
    deliveryLng: delivery.lng,
    pickupPrecision: pickup.precision,
    deliveryPrecision: delivery.precision,
    vehicleType: input.vehicleType,
    startDate: input.startDate,
    endDate: input.endDate,
    price: input.price,
    pricingType: input.pricingType,
    cargoType: input.cargoType || null,
    cargoWeightKg: input.cargoWeightKg,
    palletCount: input.palletCount,
    loadingStart: input.loadingStart,
    loadingEnd: input.loadingEnd,
    deliveryStart: input.deliveryStart,
    deliveryEnd: input.deliveryEnd,
    temperatureC: input.temperatureC,
    adrClass: input.adrClass,
    unNumber: input.unNumber,
    requiresAtp: input.requiredEquipment.includes('atp'),
    requiresTailLift: input.requiredEquipment.includes('tail_lift'),
    // A price without a franchise gets the default hour; no price, no rate (decision 042).
    waitingQuarterPrice: input.waitingQuarterPrice,
    waitingFranchiseMinutes:
      input.waitingQuarterPrice === null
        ? null
        : (input.waitingFranchiseMinutes ?? DEFAULT_WAITING_FRANCHISE_MINUTES),
    requiredDocuments: input.requiredDocuments,
    urgency: input.urgency,
    engagementType: input.engagementType,
    paymentTerms: input.paymentTerms,
    searchText: searchable(`${input.title} ${input.description} ${pickup.city} ${delivery.city}`),
  };
}

/**
 * Writes a published mission and its event, in the caller's transaction (the company's row locked open): the form's
 * publishing and each occurrence of a recurring mission. The event is the caller's to publish once committed.
 */
export async function insertMission(tx: DbOrTx, companyId: string, values: ReturnType<typeof missionValues>) {
  await lockActiveUsers(tx, companyId);
  const [row] = await tx
    .insert(missions)
    .values({ companyId, ...values })
    .returning();
  await recordEvent(tx, row!.id, companyId, 'published', 'available');
  const published = await recordDomainEvent(tx, {
    type: 'mission.published',
    missionId: row!.id,
    title: row!.title,
    companyId,
  });
  return { mission: row!, published };
}

/** Publishing (transporters). */
export async function createMission(db: Db, events: EventBus, company: User, input: MissionInput) {
  if (!company.emailVerified) throw emailNotVerified(emailRequiredMessages.publish);
  const values = missionValues(input);
  const { mission, published } = await db.transaction((tx) => insertMission(tx, company.id, values));
  await events.publish(published);
  return getMissionDetail(db, { user: company }, mission.id);
}

/** Editing, while no driver is assigned. */
export async function updateMission(
  db: Db,
  events: EventBus,
  company: User,
  id: string,
  input: MissionInput,
) {
  const updated = await db.transaction(async (tx) => {
    const current = await lockOwnMission(tx, company, id);
    if (current.status !== 'available' || current.driverId)
      throw new AppError(409, missionErrors.notEditable);
    // After the owner's and the state's checks: someone else's mission is a 404/403 whatever its address.
    const values = missionValues(input);
    // A point moved: the routing service's figures were for the old trip (the estimate follows by itself).
    const moved = (['pickupLat', 'pickupLng', 'deliveryLat', 'deliveryLng'] as const).some(
      (key) =>
        (values[key] === null ? null : Number(values[key])) !==
        (current[key] === null ? null : Number(current[key])),
    );
    const unrouted = moved ? { routedKm: null, routedDrivingMinutes: null, routedAt: null } : {};
    const [row] = await tx
      .update(missions)
      .set({ ...values, ...unrouted })
      .where(eq(missions.id, id))
      .returning();
    await recordEvent(tx, id, company.id, 'updated', null);
    return recordDomainEvent(tx, {
      type: 'mission.updated',
      missionId: id,
      title: row!.title,
      companyId: company.id,
      applicantIds: await pendingApplicantIds(tx, id),
    });
  });
  await events.publish(updated);
  return getMissionDetail(db, { user: company }, id);
}
