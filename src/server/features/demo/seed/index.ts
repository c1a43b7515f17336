import { randomUUID } from 'node:crypto';
import type { BadgeType } from '#core/rules/badges.js';
import type { DbOrTx } from '../../../db/client.js';
import { alerts } from '../../../db/schema/messaging.js';
import { alert } from './alerts.js';
import { addMarket, addPasts } from './background.js';
import { bulkInsert } from './bulk.js';
import { driverDoor } from './driver-door.js';
import { insertWorld } from './insert.js';
import { numberDocuments } from './money.js';
import { addCalendars, addPapers } from './papers.js';
import { createPersonas, createVisitor, who } from './people.js';
import { warmPlaces } from './places.js';
import { awardEcoDriver, publishReviews, scoreReputations, writeComputedBadges } from './reputation.js';
import { transporterDoor } from './transporter-door.js';
import { DAY, World, type SeedInput } from './world.js';

export type { SeedInput } from './world.js';
export { DEMO_PERSONAS } from './cast.js';
export { demoEmail, isSandboxPersona, personaOf } from './people.js';

/**
 * Loads what the seed reads once per process (the commune register that places the sites, ~0.2 s) and runs the
 * builder once in memory: call it at start-up so that the first visitor's sandbox opens as fast as the others.
 */
export function prepareDemoSeed(): void {
  warmPlaces();
  const specimen = { key: 'demo/specimen.pdf', mimeType: 'application/pdf', sizeBytes: 1, sha256: '' };
  for (const role of ['driver', 'transporter'] as const)
    buildSandbox({ sandboxId: randomUUID(), userId: randomUUID(), role, now: new Date(), specimen });
}

/**
 * The demonstration data set of a visitor's sandbox (decision 022): the visitor's own account for the door taken and
 * a realistic French world around it — six transporters and eight drivers, missions across France in every
 * status, applications, conversations, alerts, documents, payments, reviews and badges — all dated from `now`.
 * Built in memory, then written in a few dozen multi-row INSERTs inside the caller's transaction; the computed
 * badges are measured in the rows written, as the badges feature measures them, and written with their alerts.
 */
export async function seedSandbox(tx: DbOrTx, input: SeedInput): Promise<void> {
  const w = buildSandbox(input);
  await insertWorld(tx, w);
  await writeComputedBadges(tx, w);
  await bulkInsert(tx, alerts, badgeAlerts(w));
}

/** The sandbox's rows, in memory (what seedSandbox writes), but for the computed badges and the badge alerts. */
export function buildSandbox(input: SeedInput): World {
  const w = new World(input);
  createVisitor(w);
  const cast = createPersonas(w);
  const market = addMarket(w, cast);
  addPasts(w, cast);
  if (input.role === 'driver') driverDoor(w, cast, market);
  else transporterDoor(w, cast);
  addPapers(w);
  addCalendars(w);
  numberDocuments(w);
  publishReviews(w);
  scoreReputations(w);
  // Eco-driving is never computed: Relais gives it, with the reason, on the employer's word.
  const awards = [
    {
      driver: who(cast, 'karim-haddad'),
      at: w.at(-190 * DAY),
      reason: 'Formation à l’éco-conduite suivie, attestation de l’employeur transmise à Relais',
    },
    ...(input.role === 'driver'
      ? [
          {
            driver: w.visitor,
            at: w.at(-150 * DAY),
            reason: 'Formation à l’éco-conduite suivie en entreprise, attestation transmise à Relais',
          },
        ]
      : []),
  ];
  awardEcoDriver(w, awards);
  return w;
}

/** The "Badge obtenu" alerts of the visitor's badges (a driver's), already read; added to the world's alerts. */
function badgeAlerts(w: World): World['rows']['alerts'] {
  const before = w.rows.alerts.length;
  if (w.input.role === 'driver')
    for (const badge of w.rows.badges.filter((row) => row.userId === w.visitor.id))
      alert(
        w,
        {
          type: 'badge.earned',
          userId: w.visitor.id,
          badge: badge.type as BadgeType,
          ...(badge.reason ? { reason: badge.reason } : {}),
        },
        badge.earnedAt!,
        true,
      );
  return w.rows.alerts.slice(before);
}
