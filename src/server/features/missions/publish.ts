import { searchable } from '#core/rules/text.js';
import { eq } from 'drizzle-orm';
import { cityFromAddress, findPlace } from '#core/rules/places.js';
import { emailRequiredMessages } from '#core/schemas/users.js';
import type { MissionInput } from '#core/schemas/missions.js';
import type { Db } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { type User } from '../../db/schema/users.js';
import { lockActiveUsers } from '../../platform/sessions.js';
import { AppError, emailNotVerified } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { missionErrors, recordEvent, lockOwnMission, pendingApplicantIds } from './shared.js';
import { getMissionDetail } from './detail.js';

/** Places a mission on the map: the given point, else the city's built-in coordinates. */
function locate(address: string, city: string | null | undefined, lat?: number | null, lng?: number | null) {
  const name = city?.trim() || cityFromAddress(address);
  if (lat != null && lng != null) return { city: name, lat: lat.toFixed(6), lng: lng.toFixed(6) };
  const place = findPlace(name);
  return { city: name, lat: place ? place.lat.toFixed(6) : null, lng: place ? place.lng.toFixed(6) : null };
}

function missionValues(input: MissionInput) {
  const pickup = locate(input.pickupAddress, input.pickupCity, input.pickupLat, input.pickupLng);
  const delivery = locate(input.deliveryAddress, input.deliveryCity, input.deliveryLat, input.deliveryLng);
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
    vehicleType: input.vehicleType,
    startDate: input.startDate,
    endDate: input.endDate,
    price: input.price,
    pricingType: input.pricingType,
    cargoType: input.cargoType || null,
    requiredDocuments: input.requiredDocuments,
    urgency: input.urgency,
    engagementType: input.engagementType,
    searchText: searchable(`${input.title} ${input.description} ${pickup.city} ${delivery.city}`),
  };
}

/** Publishing (transporters). */
export async function createMission(db: Db, events: EventBus, company: User, input: MissionInput) {
  if (!company.emailVerified) throw emailNotVerified(emailRequiredMessages.publish);
  const mission = await db.transaction(async (tx) => {
    await lockActiveUsers(tx, company.id);
    const [row] = await tx
      .insert(missions)
      .values({ companyId: company.id, ...missionValues(input) })
      .returning();
    await recordEvent(tx, row!.id, company.id, 'published', 'available');
    return row!;
  });
  await events.publish({
    type: 'mission.published',
    missionId: mission.id,
    title: mission.title,
    companyId: company.id,
  });
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
  const { row, applicantIds } = await db.transaction(async (tx) => {
    const current = await lockOwnMission(tx, company, id);
    if (current.status !== 'available' || current.driverId)
      throw new AppError(409, missionErrors.notEditable);
    const [row] = await tx.update(missions).set(missionValues(input)).where(eq(missions.id, id)).returning();
    await recordEvent(tx, id, company.id, 'updated', null);
    return { row: row!, applicantIds: await pendingApplicantIds(tx, id) };
  });
  await events.publish({
    type: 'mission.updated',
    missionId: id,
    title: row.title,
    companyId: company.id,
    applicantIds,
  });
  return getMissionDetail(db, { user: company }, id);
}
