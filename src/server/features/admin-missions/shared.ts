import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { missionReference, type AdminMissionItem } from '#core/schemas/admin-missions.js';
import type { MissionStatus } from '#core/rules/enums.js';
import type { missions } from '../../db/schema/missions.js';
import { users } from '../../db/schema/users.js';

export type MissionRow = typeof missions.$inferSelect;

export const companyUser = alias(users, 'company');
export const driverUser = alias(users, 'driver');

/** Applications received (not withdrawn), and those still pending. */
export const applicationCount = sql<number>`(select count(*)::int from mission_applications a where a.mission_id = missions.id and a.status <> 'withdrawn')`;
export const pendingApplicationCount = sql<number>`(select count(*)::int from mission_applications a where a.mission_id = missions.id and a.status = 'pending')`;

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The name a company is known by: its company name, else the person's. */
const companyLabel = (person: { companyName: string | null; fullName: string }) =>
  person.companyName ?? person.fullName;

export interface ItemExtras {
  company: { id: string; fullName: string; companyName: string | null; isDemo: boolean };
  driver: { id: string; fullName: string; isDemo: boolean } | null;
  applicationCount: number;
  pendingApplicationCount: number;
}

/** A mission row as the back office's list shows it. */
export function toItem(row: MissionRow, extras: ItemExtras): AdminMissionItem {
  return {
    id: row.id,
    reference: missionReference(row.id),
    title: row.title,
    status: row.status as MissionStatus,
    urgency: row.urgency,
    pickupCity: row.pickupCity,
    deliveryCity: row.deliveryCity,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    createdAt: row.createdAt.toISOString(),
    price: row.price,
    pricingType: row.pricingType,
    company: { id: extras.company.id, name: companyLabel(extras.company) },
    driver: extras.driver ? { id: extras.driver.id, name: extras.driver.fullName } : null,
    applicationCount: extras.applicationCount,
    pendingApplicationCount: extras.pendingApplicationCount,
    demo: extras.company.isDemo || (extras.driver?.isDemo ?? false),
  };
}
