import { SHOWROOM_WORLD } from '../platform/demo-world.js';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client.js';
import { missions } from '../db/schema/missions.js';
import { users, type NewUser, type User } from '../db/schema/users.js';
import { hashPassword } from '../platform/passwords.js';
import type { Agent } from './harness.js';

export const TEST_PASSWORD = 'motdepasse-test';
let hashed: Promise<string> | undefined;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

/** A valid SIRET (Luhn) for tests: 732 829 320 00074. */
export const VALID_SIRET = '73282932000074';

export function driverPayload(overrides: Record<string, unknown> = {}) {
  return {
    userType: 'driver',
    email: `chauffeur-${unique()}@exemple.fr`,
    password: 'secret123',
    fullName: 'Jean Routier',
    phone: '06 12 34 56 78',
    licenseNumber: '12AB34567',
    licenseType: 'CE',
    yearsExperience: 5,
    subscriptionPlan: 'basic',
    certifications: [],
    ...overrides,
  };
}

export function companyPayload(overrides: Record<string, unknown> = {}) {
  return {
    userType: 'company',
    email: `transport-${unique()}@exemple.fr`,
    password: 'secret123',
    fullName: 'Claire Martin',
    phone: '+33 1 23 45 67 89',
    companyName: 'Transports Martin',
    siretNumber: VALID_SIRET,
    subscriptionPlan: 'basic',
    ...overrides,
  };
}

/**
 * Inserts a user straight into the database; its password is TEST_PASSWORD unless given. Its e-mail address is
 * confirmed, as for most people who use Relais; `emailVerified: false` makes a newcomer.
 */
export async function createUser(
  db: Db,
  overrides: Partial<NewUser> & { plainPassword?: string } = {},
): Promise<User> {
  const { plainPassword, ...fields } = overrides;
  hashed ??= hashPassword(TEST_PASSWORD);
  const password = plainPassword ? await hashPassword(plainPassword) : await hashed;
  const isCompany = fields.userType === 'company';
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${unique()}@exemple.fr`,
      fullName: isCompany ? 'Claire Martin' : 'Jean Routier',
      userType: 'driver',
      phone: '+33612345678',
      emailVerified: true,
      ...(isCompany
        ? { companyName: 'Transports Martin', siretNumber: VALID_SIRET }
        : { licenseNumber: '12AB34567', licenseType: 'CE', yearsExperience: 5 }),
      ...fields,
      // A demo account lives in a demo world (decision 022): the showroom unless the test names a sandbox.
      ...(fields.isDemo && fields.sandboxId === undefined ? { sandboxId: SHOWROOM_WORLD } : {}),
      password,
    })
    .returning();
  return user!;
}

/** A mission as the publishing form sends it; starts tomorrow unless told. */
export function missionPayload(overrides: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + 24 * 3600_000);
  const end = new Date(start.getTime() + 8 * 3600_000);
  return {
    title: 'Livraison frigo Rungis → Lille',
    description: 'Chargement de produits frais au MIN de Rungis, livraison sur plateforme à Lesquin.',
    pickupAddress: 'MIN de Rungis, 1 rue de la Tour, 94150 Rungis',
    deliveryAddress: 'Zone logistique, 59810 Lesquin',
    vehicleType: 'semi_frigorifique',
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    price: '420',
    pricingType: 'flat',
    requiredDocuments: [],
    urgency: true,
    engagementType: 'employment',
    ...overrides,
  };
}

/** A recurring mission (decision 056): the first mission tomorrow, then every Monday and Wednesday for 4 missions. */
export function templatePayload(mission: Record<string, unknown> = {}, rule: Record<string, unknown> = {}) {
  return {
    mission: missionPayload(mission),
    rule: { weekdays: [1, 3], end: 'count', count: 4, leadDays: 7, holidays: 'skip', ...rule },
  };
}

/**
 * A mission written straight into the database in any state (no API walk): for tests that need many missions
 * behind a member (reviews, reputation, badges). Defaults: Rungis → Lesquin, assigned to `driverId`, completed a
 * day after a planned start two days ago, started on time.
 */
export async function insertMission(
  db: Db,
  fields: Partial<typeof missions.$inferInsert> & { companyId: string },
): Promise<typeof missions.$inferSelect> {
  const start = new Date(Date.now() - 2 * 24 * 3600_000);
  const status = fields.status ?? 'completed';
  const reached = (step: string) =>
    ['in_progress', 'delivered', 'completed'].indexOf(status) >=
    ['in_progress', 'delivered', 'completed'].indexOf(step);
  const [row] = await db
    .insert(missions)
    .values({
      title: 'Livraison frigo Rungis → Lille',
      description: 'Chargement de produits frais au MIN de Rungis, livraison sur plateforme à Lesquin.',
      pickupAddress: 'MIN de Rungis, 1 rue de la Tour, 94150 Rungis',
      deliveryAddress: 'Zone logistique, 59810 Lesquin',
      pickupCity: 'Rungis',
      deliveryCity: 'Lesquin',
      pickupLat: '48.746000',
      pickupLng: '2.350000',
      deliveryLat: '50.589000',
      deliveryLng: '3.111000',
      vehicleType: 'semi_frigorifique',
      startDate: start,
      endDate: new Date(start.getTime() + 8 * 3600_000),
      price: '420.00',
      status,
      assignedAt: fields.driverId ? new Date(start.getTime() - 24 * 3600_000) : null,
      startedAt: reached('in_progress') ? start : null,
      deliveredAt: reached('delivered') ? new Date(start.getTime() + 7 * 3600_000) : null,
      completedAt: reached('completed') ? new Date(start.getTime() + 8 * 3600_000) : null,
      ...fields,
    })
    .returning();
  return row!;
}

/** A multipart/form-data body, as a browser's FormData sends it: text fields, then files (field, name, bytes). */
export function multipartBody(
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; bytes: Buffer; type?: string }> = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----relais${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A signature as the phone's canvas exports it: a transparent PNG with a dark stroke across. */
export async function signaturePng(): Promise<Buffer> {
  const width = 120;
  const height = 40;
  const pixels = Buffer.alloc(width * height * 4);
  for (let x = 10; x < 110; x++) {
    const y = 20 + Math.round(10 * Math.sin(x / 8));
    pixels.set([20, 20, 40, 255], (y * width + x) * 4);
  }
  const { default: sharp } = await import('sharp');
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The proof of delivery (recipient and signature) sent by the driver's agent, then "deliver"; the deliver answer. */
export async function deliverWithProof(
  agent: Agent,
  missionId: string,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const proof = await agent.request({
    method: 'POST',
    url: `/api/missions/${missionId}/delivery-proof`,
    ...multipartBody({ recipientName: 'Paul Quai', ...fields }, [
      { field: 'signature', name: 'signature.png', bytes: await signaturePng(), type: 'image/png' },
    ]),
  });
  if (proof.statusCode !== 201) throw new Error(`delivery proof refused: ${proof.statusCode} ${proof.body}`);
  return agent.post(`/api/missions/${missionId}/deliver`);
}
