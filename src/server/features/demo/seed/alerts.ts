import { haversineKm } from '#core/rules/tracking.js';
import { alertsFor, newMissionAlert as newMissionRow } from '../../../platform/alert-rows/index.js';
import type { DomainEvent } from '../../../platform/events.js';
import type { Mission } from './missions.js';
import type { World } from './world.js';

/**
 * The visitor's alerts: the rows the alerts feature writes for each event (platform/alert-rows, the same words),
 * dated when the event happened. Only the visitor's: the personas never sign in, their alerts would be scenery.
 */
export function alert(w: World, event: DomainEvent, at: Date, read: boolean): void {
  for (const row of alertsFor(event))
    if (row.userId === w.visitor.id) w.rows.alerts.push({ ...row, createdAt: at, read });
}

/**
 * "Nouvelle mission" for a published mission that fits the visitor (driver), as the matching writes it: the
 * pickup, the start, the distance from the visitor's town.
 */
export function newMissionAlert(w: World, mission: Mission, read: boolean): void {
  const { row } = mission;
  const home = w.visitor.home;
  const distanceKm = Math.round(
    haversineKm(
      { latitude: home.lat, longitude: home.lng },
      { latitude: mission.from.lat, longitude: mission.from.lng },
    ),
  );
  const announced = { id: row.id, title: row.title, pickupCity: mission.from.city, startDate: row.startDate };
  w.rows.alerts.push({
    ...newMissionRow(announced, w.visitor.id, distanceKm),
    createdAt: row.createdAt,
    read,
  });
}
