import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { documents } from '../db/schema/documents.js';
import { alerts, messages, conversations } from '../db/schema/messaging.js';
import { missionApplications, missions, reviews } from '../db/schema/missions.js';
import { reviewReports } from '../db/schema/road.js';
import { bugReports, siteSettings } from '../db/schema/admin.js';
import { planInvoices, subscriptions } from '../db/schema/payments.js';
import { sessions } from '../db/schema/platform.js';
import { users, type User } from '../db/schema/users.js';
import {
  createUser,
  driverPayload,
  missionPayload,
  multipartBody,
  templatePayload,
  TEST_PASSWORD,
} from '../test/factories.js';
import { Agent, createTestApp, sessionCookie, type TestApp } from '../test/harness.js';
import { createStorage } from './storage.js';
import { hashToken } from './tokens.js';
import { DEFAULT_TARIFFS } from '#core/rules/tariffs.js';
import { parisDate } from '#core/rules/days.js';
import { missionInputSchema } from '#core/schemas/missions.js';
import { missionTemplates } from '../db/schema/recurrence.js';

/** A minimal PDF: what the upload checks accept (it parses with pdf-lib). */
const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Every API route × every kind of caller, with the expected answer written once below. The routes come from the
 * server's own route table: a route added without its row here fails the first test. Each cell of a route that
 * may change something runs on a fresh scene (new accounts, missions, applications), so it never colours the next;
 * the callers of a read (GET) share one scene, which a read leaves as it found it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configure: (config) => ({ ...config, push: { serviceHosts: ['127.0.0.1'], allowPrivateNetwork: true } }),
  });
});
afterAll(async () => {
  await t.close();
});

const ACTORS = ['anonymous', 'driver', 'otherDriver', 'transporter', 'otherTransporter', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

interface Scene {
  driver: User;
  otherDriver: User;
  transporter: User;
  otherTransporter: User;
  admin: User;
  /** The transporter's open mission; the driver has applied (pending). */
  open: string;
  pendingApplication: string;
  /** The transporter's mission assigned to the driver. */
  assigned: string;
  /** The driver's licence, waiting for review, and their verified driver card (files on disk). */
  driverDocument: string;
  verifiedDocument: string;
  /** Another session of the driver (a second device). */
  driverOtherSession: string;
  driverAlert: string;
  /** The transporter's employment mission the driver completed (its payment opens on the first request), and
   * the hours statement of that payment. */
  completed: string;
  completedDocument: string;
  /** Reviews (decision 019): the transporter's published review of the driver (with a photo), which the driver
   * has reported (open). */
  review: string;
  /** The transporter's recurring missions (decision 056): one to edit, one to stop. */
  template: string;
  templateToStop: string;
  reviewReport: string;
  /** Relais's invoice of the transporter's plan (decision 043). */
  planInvoice: string;
  /** The driver's bug report, with a screenshot (decision 020). */
  bugReport: string;
}

const day = 86_400_000;
async function missionOf(companyId: string, fields: Partial<typeof missions.$inferInsert> = {}) {
  const start = new Date(Date.now() + 2 * day);
  const [row] = await t.db
    .insert(missions)
    .values({
      companyId,
      title: 'Semi frigo Rungis → Lyon',
      description: 'Palettes de produits frais.',
      pickupAddress: 'MIN de Rungis, 94150 Rungis',
      deliveryAddress: '69007 Lyon',
      pickupCity: 'Rungis',
      deliveryCity: 'Lyon',
      pickupLat: '48.746000',
      pickupLng: '2.352000',
      vehicleType: 'semi_frigorifique',
      startDate: start,
      endDate: new Date(start.getTime() + 8 * 3_600_000),
      price: '450.00',
      searchText: 'semi frigo rungis lyon palettes',
      ...fields,
    })
    .returning();
  return row!;
}

let planInvoiceId: string | undefined;

/**
 * Relais's invoice of a plan granted to the transporter and ended since (so that the plan routes answer as for
 * anyone without a live plan), issued the way the member's plan page issues what waited: with the publisher's
 * details given and the member's billing address.
 */
async function planInvoiceOf(transporter: User): Promise<string> {
  await t.db.insert(siteSettings).values(
    Object.entries({
      legalPublisherName: 'Relais SAS',
      legalPublisherAddress: '8 quai Perrache, 69002 Lyon',
      legalPublisherSiret: '55210055400013',
      legalPublisherVatNumber: 'FR96552100554',
    }).map(([key, value]) => ({ key, value, isPublic: true })),
  );
  await t.db
    .update(users)
    .set({ billingAddress: '3 avenue du Port, 13002 Marseille' })
    .where(eq(users.id, transporter.id));
  const start = new Date(Date.now() - 40 * 86_400_000);
  await t.db.insert(subscriptions).values({
    userId: transporter.id,
    plan: 'transporter',
    interval: 'month',
    status: 'ended',
    source: 'admin',
    currentPeriodStart: start,
    currentPeriodEnd: new Date(start.getTime() + 30 * 86_400_000),
    endedAt: new Date(),
    amount: '89.90',
  });
  const member = new Agent(t.app);
  member.cookie = await sessionCookie(t.db, transporter.id);
  const opened = await member.get('/api/billing/subscription');
  expect(opened.statusCode).toBe(200);
  const [invoice] = await t.db
    .select({ id: planInvoices.id })
    .from(planInvoices)
    .where(eq(planInvoices.userId, transporter.id));
  return invoice!.id;
}

/**
 * The scene's transporter's plan invoice: issued once (a Factur-X PDF takes a moment), then handed to each new
 * scene's transporter, as a row of the invoice of their own plan.
 */
async function planInvoiceFor(transporter: User): Promise<string> {
  if (!planInvoiceId) return (planInvoiceId = await planInvoiceOf(transporter));
  await t.db.update(planInvoices).set({ userId: transporter.id }).where(eq(planInvoices.id, planInvoiceId));
  return planInvoiceId;
}

async function scene(): Promise<Scene> {
  const driver = await createUser(t.db, { subscriptionPlan: 'premium' });
  const otherDriver = await createUser(t.db, { subscriptionPlan: 'premium' });
  const transporter = await createUser(t.db, { userType: 'company' });
  const otherTransporter = await createUser(t.db, { userType: 'company' });
  const admin = await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Admin Relais' });
  const open = await missionOf(transporter.id);
  const [pending] = await t.db
    .insert(missionApplications)
    .values({ missionId: open.id, driverId: driver.id })
    .returning();
  // Starting in an hour: its driver may start it now (from 2 h before).
  const soon = new Date(Date.now() + 3_600_000);
  const assigned = await missionOf(transporter.id, {
    status: 'assigned',
    driverId: driver.id,
    assignedAt: new Date(),
    startDate: soon,
    endDate: new Date(soon.getTime() + 8 * 3_600_000),
  });
  await t.db
    .insert(missionApplications)
    .values({ missionId: assigned.id, driverId: driver.id, status: 'accepted' });
  // Its engagement document, waived by the transporter (so the driver may start), and two papers of the driver.
  const storage = createStorage(t.config);
  const paper = async (fields: Partial<typeof documents.$inferInsert>) => {
    const key = `documents/${driver.id}/${randomUUID()}.pdf`;
    await storage.put(key, PDF_BYTES);
    const [row] = await t.db
      .insert(documents)
      .values({
        userId: driver.id,
        type: 'permis',
        fileName: 'permis.pdf',
        fileUrl: key,
        mimeType: 'application/pdf',
        ...fields,
      })
      .returning();
    return row!;
  };
  await paper({
    type: 'engagement',
    missionId: assigned.id,
    recipientId: driver.id,
    userId: transporter.id,
    waivedAt: new Date(),
    details: { label: 'Proposition de contrat court' },
    sha256: 'a'.repeat(64),
  });
  const licence = await paper({ expirationDate: '2031-01-01' });
  const card = await paper({ type: 'carte_conducteur', status: 'verified', expirationDate: '2031-01-01' });
  const [conversation] = await t.db
    .insert(conversations)
    .values({
      userOneId: [driver.id, transporter.id].sort()[0]!,
      userTwoId: [driver.id, transporter.id].sort()[1]!,
      missionId: open.id,
    })
    .returning();
  await t.db.insert(messages).values({
    conversationId: conversation!.id,
    senderId: transporter.id,
    receiverId: driver.id,
    missionId: open.id,
    content: 'Bonjour',
  });
  // Completed yesterday: the payment of the mission opens; its hours statement is there.
  const yesterday = new Date(Date.now() - day);
  const completed = await missionOf(transporter.id, {
    status: 'completed',
    driverId: driver.id,
    startDate: yesterday,
    endDate: new Date(yesterday.getTime() + 8 * 3_600_000),
    startedAt: yesterday,
    deliveredAt: new Date(yesterday.getTime() + 7 * 3_600_000),
    completedAt: new Date(yesterday.getTime() + 8 * 3_600_000),
  });
  const statement = await paper({
    type: 'pay_statement',
    fileName: 'Relevé d’heures RH-2026-0001.pdf',
    missionId: completed.id,
    userId: transporter.id,
    recipientId: driver.id,
    status: 'verified',
    number: 'RH-2026-0001',
  });
  const reviewedMission = await missionOf(transporter.id, {
    status: 'completed',
    driverId: driver.id,
    startDate: yesterday,
    endDate: new Date(yesterday.getTime() + 8 * 3_600_000),
    completedAt: new Date(yesterday.getTime() + 8 * 3_600_000),
  });
  const reviewId = randomUUID();
  await storage.put(`reviews/${reviewId}/0.png`, PNG);
  await t.db.insert(reviews).values({
    id: reviewId,
    reviewerId: transporter.id,
    revieweeId: driver.id,
    missionId: reviewedMission.id,
    rating: 2,
    photos: [`reviews/${reviewId}/0.png`],
    publishedAt: new Date(),
  });
  const [reviewReport] = await t.db
    .insert(reviewReports)
    .values({ reviewId, reporterId: driver.id, reason: 'Avis injuste et faux.' })
    .returning();
  const bugReportId = randomUUID();
  await storage.put(`bug-reports/${bugReportId}.png`, PNG);
  await t.db.insert(bugReports).values({
    id: bugReportId,
    userId: driver.id,
    title: 'Carte grise',
    description: 'La carte reste grise.',
    screenshotKey: `bug-reports/${bugReportId}.png`,
    adminNotes: 'Note interne',
  });
  const storedMission = JSON.parse(JSON.stringify(missionInputSchema.parse(missionPayload()))) as object;
  const [template, templateToStop] = await t.db
    .insert(missionTemplates)
    .values(
      [0, 1].map(() => ({
        companyId: transporter.id,
        mission: storedMission as Record<string, unknown>,
        title: 'Livraison frigo Rungis → Lille',
        weekdays: [1, 3],
        firstDay: parisDate(new Date()),
        leadDays: 7,
        holidays: 'skip',
      })),
    )
    .returning();
  await sessionCookie(t.db, driver.id, 'second device');
  const [other] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, driver.id));
  const [alert] = await t.db
    .insert(alerts)
    .values({ userId: driver.id, type: 'mission', title: 'Test', message: 'Alerte de test' })
    .returning();
  return {
    driver,
    otherDriver,
    transporter,
    otherTransporter,
    admin,
    open: open.id,
    pendingApplication: pending!.id,
    assigned: assigned.id,
    driverDocument: licence.id,
    verifiedDocument: card.id,
    driverOtherSession: other!.id,
    driverAlert: alert!.id,
    completed: completed.id,
    completedDocument: statement.id,
    planInvoice: await planInvoiceFor(transporter),
    review: reviewId,
    template: template!.id,
    templateToStop: templateToStop!.id,
    reviewReport: reviewReport!.id,
    bugReport: bugReportId,
  };
}

let counter = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}@exemple.fr`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Expected = Record<Actor, number>;
/** The same answer for everyone signed in, and for a visitor the first argument (401 by default). */
const signedIn = (status: number, overrides: Partial<Expected> = {}, anonymous = 401): Expected => ({
  anonymous,
  driver: status,
  otherDriver: status,
  transporter: status,
  otherTransporter: status,
  admin: status,
  ...overrides,
});
const everyone = (status: number) => signedIn(status, {}, status);
/** Drivers and transporters; administrators stay in their own area. */
const members = (status: number, overrides: Partial<Expected> = {}) =>
  signedIn(status, { admin: 403, ...overrides });

interface Row {
  request: (s: Scene) => InjectOptions;
  expected: Expected;
  /** An administrator who typed the password but not yet the second factor: a visitor everywhere (the default),
   * except on the second factor's own routes, which say here what such a session gets. */
  pendingAdmin?: number;
  /** What the answer must hold for this caller, beyond its status. */
  check?: (actor: Actor, body: unknown, s: Scene) => void;
}

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});

/** A form as a browser's FormData sends it: text fields, and files as `{ field: bytes }`. */
const form = (
  url: string,
  fields: Record<string, string | number>,
  files: Record<string, Buffer> = {},
): InjectOptions => ({
  method: 'POST',
  url,
  ...multipartBody(
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    Object.entries(files).map(([field, bytes]) => ({ field, name: `${field}.png`, bytes })),
  ),
});

/** The table: one row per route, keyed `METHOD /path` as the server registers it. */
const MATRIX: Record<string, Row> = {
  'GET /api/health': { request: () => json('GET', '/api/health'), expected: everyone(200) },
  'POST /api/auth/register': {
    request: () => json('POST', '/api/auth/register', driverPayload({ email: fresh('inscription') })),
    expected: everyone(202),
  },
  'POST /api/auth/login': {
    request: (s) => json('POST', '/api/auth/login', { email: s.otherDriver.email, password: TEST_PASSWORD }),
    expected: everyone(200),
  },
  'POST /api/auth/logout': { request: () => json('POST', '/api/auth/logout'), expected: everyone(200) },
  // A visitor is told "nobody" (null) without a failure; a session waiting for its second factor is not signed in
  // yet (decision 038).
  'GET /api/auth/me': {
    request: () => json('GET', '/api/auth/me'),
    expected: everyone(200),
    pendingAdmin: 401,
    check: (actor, body) => expect(body === null).toBe(actor === 'anonymous'),
  },
  // The demonstration (decision 022): a door for visitors (members sign out first), the session's own "me", the
  // logout anyone may call, the reset of a demo sandbox only (demo.api.test.ts has the demo visitor's side).
  'POST /api/demo/login': {
    request: () => json('POST', '/api/demo/login', { role: 'driver' }),
    expected: signedIn(409, {}, 201),
  },
  'GET /api/demo/me': {
    request: () => json('GET', '/api/demo/me'),
    expected: everyone(200),
    pendingAdmin: 401,
    check: (actor, body) => expect(body === null).toBe(actor === 'anonymous'),
  },
  'POST /api/demo/logout': { request: () => json('POST', '/api/demo/logout'), expected: everyone(200) },
  'POST /api/demo/reset': { request: () => json('POST', '/api/demo/reset'), expected: signedIn(403) },
  'POST /api/auth/resend-verification': {
    request: () => json('POST', '/api/auth/resend-verification'),
    // Everyone here has confirmed their address already.
    expected: signedIn(400),
  },
  'POST /api/auth/verify-email': {
    request: () => json('POST', '/api/auth/verify-email', { token: 'x'.repeat(43) }),
    expected: everyone(400),
  },
  'GET /api/auth/sessions': { request: () => json('GET', '/api/auth/sessions'), expected: signedIn(200) },
  'DELETE /api/auth/sessions/:id': {
    request: (s) => json('DELETE', `/api/auth/sessions/${s.driverOtherSession}`),
    expected: signedIn(404, { driver: 200 }),
  },
  'DELETE /api/auth/sessions': {
    request: () => json('DELETE', '/api/auth/sessions'),
    expected: signedIn(200),
  },
  'POST /api/alerts/unsubscribe': {
    // A link from an e-mail, no session needed: a token that is not one of ours is refused for everyone (the
    // real links are in alerts.api.test.ts).
    request: () => json('POST', '/api/alerts/unsubscribe', { token: 'pas-un-jeton' }),
    expected: everyone(400),
  },
  'POST /api/auth/password/forgot': {
    request: (s) => json('POST', '/api/auth/password/forgot', { email: s.driver.email }),
    expected: everyone(200),
  },
  'POST /api/auth/password/reset': {
    request: () =>
      json('POST', '/api/auth/password/reset', { token: 'y'.repeat(43), password: 'nouveau-secret' }),
    expected: everyone(400),
  },
  'POST /api/auth/password/reset/check': {
    request: () => json('POST', '/api/auth/password/reset/check', { token: 'y'.repeat(43) }),
    expected: everyone(200),
  },
  'POST /api/account/password': {
    request: () =>
      json('POST', '/api/account/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'nouveau-secret',
      }),
    expected: signedIn(200),
  },
  'POST /api/account/email': {
    request: () =>
      json('POST', '/api/account/email', { newEmail: fresh('adresse'), password: TEST_PASSWORD }),
    expected: signedIn(200),
  },
  'POST /api/account/email/confirm': {
    request: () => json('POST', '/api/account/email/confirm', { token: 'z'.repeat(43) }),
    expected: everyone(400),
  },
  'GET /api/account/export': { request: () => json('GET', '/api/account/export'), expected: signedIn(200) },
  'DELETE /api/account': {
    request: () => json('DELETE', '/api/account', { password: TEST_PASSWORD }),
    // The driver and the transporter share a mission under way: not until it is over.
    expected: signedIn(200, { driver: 409, transporter: 409, admin: 403 }),
  },
  'GET /api/admin/setup': { request: () => json('GET', '/api/admin/setup'), expected: everyone(200) },
  'POST /api/admin/setup': {
    request: () =>
      json('POST', '/api/admin/setup', {
        email: fresh('admin'),
        password: 'motdepasse-admin',
        fullName: 'Nouvel Admin',
      }),
    expected: everyone(403),
  },
  // Administrators' security (decision 021): the second factor's routes answer the session waiting for it (tested in
  // admin-security); here every session has passed it, the administrator's not enrolled yet. Every other route
  // treats a session waiting for its second factor as a visitor (checked on each row, `pendingAdmin`).
  'GET /api/admin/second-factor': {
    request: () => json('GET', '/api/admin/second-factor'),
    expected: everyone(200),
  },
  'POST /api/admin/second-factor/enrol': {
    request: () => json('POST', '/api/admin/second-factor/enrol'),
    expected: signedIn(403, { admin: 200 }),
    // Its own session, waiting: a secret to scan (none enrolled yet in a fresh scene).
    pendingAdmin: 200,
  },
  'POST /api/admin/second-factor/enrol/confirm': {
    request: () => json('POST', '/api/admin/second-factor/enrol/confirm', { code: '123456' }),
    expected: signedIn(403, { admin: 409 }),
    // Nothing was asked to enrol yet.
    pendingAdmin: 409,
  },
  'POST /api/admin/second-factor/verify': {
    request: () => json('POST', '/api/admin/second-factor/verify', { code: '123456' }),
    expected: signedIn(403, { admin: 409 }),
    // No authenticator enrolled in a fresh scene: enrol first.
    pendingAdmin: 409,
  },
  'GET /api/admin/security': {
    request: () => json('GET', '/api/admin/security'),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/recovery-codes': {
    request: () => json('POST', '/api/admin/recovery-codes'),
    expected: signedIn(403, { admin: 409 }),
  },
  'POST /api/admin/reauth': {
    request: () => json('POST', '/api/admin/reauth', { password: TEST_PASSWORD }),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/administrators': {
    request: () => json('GET', '/api/admin/administrators'),
    expected: signedIn(403, { admin: 200 }),
  },
  'DELETE /api/admin/administrators/:id': {
    // A driver is no administrator to remove.
    request: (s) => json('DELETE', `/api/admin/administrators/${s.driver.id}`),
    expected: signedIn(403, { admin: 404 }),
  },
  'POST /api/admin/invitations': {
    request: () => json('POST', '/api/admin/invitations', { email: fresh('invitation-admin') }),
    expected: signedIn(403, { admin: 201 }),
  },
  'DELETE /api/admin/invitations/:id': {
    request: () => json('DELETE', `/api/admin/invitations/${randomUUID()}`),
    expected: signedIn(403, { admin: 404 }),
  },
  'POST /api/admin/invitation/check': {
    request: () => json('POST', '/api/admin/invitation/check', { token: 'i'.repeat(43) }),
    expected: everyone(404),
  },
  'POST /api/admin/invitation/accept': {
    request: () =>
      json('POST', '/api/admin/invitation/accept', {
        token: 'i'.repeat(43),
        fullName: 'Nouvel Admin',
        password: 'motdepasse-admin',
      }),
    expected: everyone(404),
  },
  'GET /api/site-settings': { request: () => json('GET', '/api/site-settings'), expected: everyone(200) },
  // Site settings, tariffs and journal (decision 021): read by anyone, changed and read in full by admins only.
  'GET /api/tariffs': { request: () => json('GET', '/api/tariffs'), expected: everyone(200) },
  'GET /api/files/site/:name': {
    request: () => json('GET', '/api/files/site/logo-light-0123456789abcdef.png'),
    expected: everyone(404),
  },
  'GET /api/admin/site-settings': {
    request: () => json('GET', '/api/admin/site-settings'),
    expected: signedIn(403, { admin: 200 }),
  },
  'PUT /api/admin/site-settings': {
    request: () =>
      json('PUT', '/api/admin/site-settings', { supportHours: 'Du lundi au vendredi, 8 h – 18 h' }),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/site-settings/logos/:theme': {
    request: () => form('/api/admin/site-settings/logos/dark', {}, { image: PNG }),
    expected: signedIn(403, { admin: 200 }),
  },
  'DELETE /api/admin/site-settings/logos/:theme': {
    // No logo for this theme: the administrator is told so.
    request: () => json('DELETE', '/api/admin/site-settings/logos/light'),
    expected: signedIn(403, { admin: 404 }),
  },
  'PUT /api/admin/tariffs': {
    request: () => json('PUT', '/api/admin/tariffs', DEFAULT_TARIFFS),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/logs': {
    request: () => json('GET', '/api/admin/logs?action=plan.*'),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/logs/facets': {
    request: () => json('GET', '/api/admin/logs/facets'),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/missions/search': { request: () => json('GET', '/api/missions/search'), expected: everyone(200) },
  'GET /api/missions': { request: () => json('GET', '/api/missions'), expected: members(200) },
  'GET /api/geocode': { request: () => json('GET', '/api/geocode?q=Lyon'), expected: members(200) },
  'GET /api/places': { request: () => json('GET', '/api/places?q=Lyon'), expected: everyone(200) },
  'GET /api/places/locate': {
    request: () => json('GET', '/api/places/locate?address=69960%20Corbas'),
    expected: signedIn(200),
  },
  'GET /api/missions/export.csv': {
    request: () => json('GET', '/api/missions/export.csv'),
    expected: members(200),
  },
  'POST /api/missions': {
    request: () => json('POST', '/api/missions', missionPayload()),
    expected: members(201, { driver: 403, otherDriver: 403 }),
  },
  'GET /api/missions/:id': {
    request: (s) => json('GET', `/api/missions/${s.assigned}`),
    // An assigned mission: its two parties and the administrators only.
    expected: {
      anonymous: 404,
      driver: 200,
      otherDriver: 404,
      transporter: 200,
      otherTransporter: 404,
      admin: 200,
    },
  },
  'PUT /api/missions/:id': {
    request: (s) => json('PUT', `/api/missions/${s.open}`, missionPayload()),
    expected: members(403, { transporter: 200 }),
  },
  // Recurring missions (decision 056): a transporter's own series; nobody else reads or changes them.
  'GET /api/mission-templates': {
    request: () => json('GET', '/api/mission-templates'),
    expected: members(403, { transporter: 200, otherTransporter: 200 }),
  },
  'POST /api/mission-templates': {
    request: () => json('POST', '/api/mission-templates', templatePayload()),
    expected: members(403, { transporter: 201, otherTransporter: 201 }),
  },
  'GET /api/mission-templates/:id': {
    request: (s) => json('GET', `/api/mission-templates/${s.template}`),
    expected: members(403, { transporter: 200 }),
  },
  'PUT /api/mission-templates/:id': {
    request: (s) => json('PUT', `/api/mission-templates/${s.template}`, templatePayload()),
    expected: members(403, { transporter: 200 }),
  },
  'POST /api/mission-templates/:id/stop': {
    request: (s) => json('POST', `/api/mission-templates/${s.templateToStop}/stop`),
    expected: members(403, { transporter: 200 }),
  },
  'POST /api/missions/:id/:action': {
    request: (s) => json('POST', `/api/missions/${s.assigned}/start`),
    expected: members(403, { driver: 200 }),
  },
  'POST /api/missions/:id/apply': {
    request: (s) => json('POST', `/api/missions/${s.open}/apply`, { message: 'Disponible' }),
    expected: members(403, { driver: 409, otherDriver: 201 }),
  },
  'GET /api/applications/mine': {
    request: () => json('GET', '/api/applications/mine'),
    expected: members(403, { driver: 200, otherDriver: 200 }),
  },
  'POST /api/applications/:id/withdraw': {
    request: (s) => json('POST', `/api/applications/${s.pendingApplication}/withdraw`),
    expected: members(403, { driver: 200 }),
  },
  'POST /api/applications/:id/accept': {
    request: (s) => json('POST', `/api/applications/${s.pendingApplication}/accept`),
    expected: members(403, { transporter: 200 }),
  },
  'POST /api/applications/:id/reject': {
    request: (s) => json('POST', `/api/applications/${s.pendingApplication}/reject`),
    expected: members(403, { transporter: 200 }),
  },
  'GET /api/dashboard/stats': { request: () => json('GET', '/api/dashboard/stats'), expected: members(200) },
  'PUT /api/profile': {
    request: () => json('PUT', '/api/profile', { fullName: 'Nom Changé', phone: '0612345678' }),
    // An administrator has no member profile to edit.
    expected: signedIn(200, { admin: 400 }),
  },
  'POST /api/profile/avatar': {
    request: () => form('/api/profile/avatar', {}, { image: PNG }),
    expected: signedIn(200),
  },
  'GET /api/files/avatars/:name': {
    request: () => json('GET', '/api/files/avatars/inconnu-000000.png'),
    expected: everyone(404),
  },
  'GET /api/users/:id/profile': {
    request: (s) => json('GET', `/api/users/${s.driver.id}/profile`),
    expected: everyone(200),
  },
  'GET /api/users/:id/badges': {
    request: (s) => json('GET', `/api/users/${s.driver.id}/badges`),
    expected: everyone(200),
  },
  // Availability (decision 020): the calendar is the driver's; the search is for transporters (and admins);
  // the ICS feed is public by its secret address (an unknown one is 404 for everyone).
  'GET /api/availability': {
    request: () =>
      json(
        'GET',
        `/api/availability?from=${parisDate(new Date())}&to=${parisDate(new Date(Date.now() + 6 * day))}`,
      ),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
  },
  'PUT /api/availability/:date': {
    request: () =>
      json('PUT', `/api/availability/${parisDate(new Date(Date.now() + 20 * day))}`, { status: 'available' }),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
  },
  'DELETE /api/availability/:date': {
    request: () => json('DELETE', `/api/availability/${parisDate(new Date(Date.now() + 20 * day))}`),
    expected: signedIn(403, { driver: 204, otherDriver: 204 }),
  },
  'POST /api/availability/pattern': {
    request: () =>
      json('POST', '/api/availability/pattern', {
        from: parisDate(new Date(Date.now() + 10 * day)),
        to: parisDate(new Date(Date.now() + 16 * day)),
        weekdays: [1, 2, 3, 4, 5],
      }),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
  },
  'POST /api/availability/holidays': {
    request: () =>
      json('POST', '/api/availability/holidays', {
        from: parisDate(new Date(Date.now() + 30 * day)),
        to: parisDate(new Date(Date.now() + 35 * day)),
      }),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
  },
  'GET /api/availability/settings': {
    request: () => json('GET', '/api/availability/settings'),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
  },
  'PUT /api/availability/settings': {
    request: () => json('PUT', '/api/availability/settings', { visibleToTransporters: true }),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
  },
  // Driving declared outside Relais (decision 053): the driver's own days; nobody else reads or writes them.
  'GET /api/availability/driving': {
    request: () => json('GET', '/api/availability/driving'),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
  },
  'PUT /api/availability/driving/:date': {
    request: () =>
      json('PUT', `/api/availability/driving/${parisDate(new Date(Date.now() - 2 * day))}`, {
        drivingMinutes: 240,
      }),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
  },
  'DELETE /api/availability/driving/:date': {
    request: () => json('DELETE', `/api/availability/driving/${parisDate(new Date(Date.now() - 2 * day))}`),
    expected: signedIn(403, { driver: 204, otherDriver: 204 }),
  },
  'POST /api/availability/ics': {
    request: () => json('POST', '/api/availability/ics'),
    expected: signedIn(403, { driver: 201, otherDriver: 201 }),
  },
  'DELETE /api/availability/ics': {
    request: () => json('DELETE', '/api/availability/ics'),
    expected: signedIn(403, { driver: 204, otherDriver: 204 }),
  },
  'GET /api/availability/ics/:file': {
    request: () => json('GET', `/api/availability/ics/${'x'.repeat(43)}.ics`),
    expected: everyone(404),
  },
  'GET /api/availability/drivers': {
    request: () => json('GET', `/api/availability/drivers?date=${parisDate(new Date(Date.now() + 3 * day))}`),
    expected: signedIn(200, { driver: 403, otherDriver: 403 }),
  },
  'GET /api/badges/mine': {
    request: () => json('GET', '/api/badges/mine'),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
  },
  'POST /api/admin/users/:id/badges/eco_driver': {
    request: (s) =>
      json('POST', `/api/admin/users/${s.driver.id}/badges/eco_driver`, { reason: 'Formation éco-conduite' }),
    expected: signedIn(403, { admin: 201 }),
  },
  'DELETE /api/admin/users/:id/badges/eco_driver': {
    request: (s) =>
      json('DELETE', `/api/admin/users/${s.driver.id}/badges/eco_driver`, { reason: 'Attribué par erreur' }),
    // The driver of a fresh scene does not hold it: the administrator is told so.
    expected: signedIn(403, { admin: 409 }),
  },
  'GET /api/conversations': { request: () => json('GET', '/api/conversations'), expected: signedIn(200) },
  'GET /api/messages/:userId': {
    request: (s) => json('GET', `/api/messages/${s.transporter.id}`),
    expected: signedIn(200),
    // Each reads only their own messages with that person: the driver's "Bonjour", nothing for the others.
    check: (actor, body) => {
      const items = (body as { items: Array<{ content: string }> }).items;
      if (actor === 'driver') expect(items.map((item) => item.content)).toEqual(['Bonjour']);
      else if (actor !== 'transporter') expect(items, actor).toEqual([]);
    },
  },
  'GET /api/messages/:userId/rights': {
    request: (s) => json('GET', `/api/messages/${s.transporter.id}/rights?missionId=${s.open}`),
    expected: signedIn(200),
  },
  'POST /api/messages/:userId': {
    request: (s) =>
      json('POST', `/api/messages/${s.transporter.id}`, { content: 'Bonjour', missionId: s.open }),
    expected: signedIn(403, { driver: 201, transporter: 400 }),
  },
  'POST /api/messages/:userId/read': {
    request: (s) => json('POST', `/api/messages/${s.transporter.id}/read`),
    expected: signedIn(200),
  },
  'GET /api/alerts': { request: () => json('GET', '/api/alerts'), expected: signedIn(200) },
  'POST /api/alerts/read-all': {
    request: () => json('POST', '/api/alerts/read-all'),
    expected: signedIn(200),
  },
  'POST /api/alerts/:id/read': {
    request: (s) => json('POST', `/api/alerts/${s.driverAlert}/read`),
    expected: signedIn(404, { driver: 200 }),
  },
  'DELETE /api/alerts/:id': {
    request: (s) => json('DELETE', `/api/alerts/${s.driverAlert}`),
    expected: signedIn(404, { driver: 200 }),
  },
  'GET /api/alerts/preferences': {
    request: () => json('GET', '/api/alerts/preferences'),
    expected: signedIn(200),
  },
  'PUT /api/alerts/preferences': {
    request: () =>
      json('PUT', '/api/alerts/preferences', {
        alertTypes: ['mission', 'message'],
        pushTypes: ['message'],
        emailTypes: [],
        zoneRadiusKm: 100,
      }),
    expected: signedIn(200),
  },
  // SMS (decision 051), off here: each member reads and saves their own choice, but cannot opt in (400).
  'GET /api/alerts/sms': { request: () => json('GET', '/api/alerts/sms'), expected: signedIn(200) },
  'PUT /api/alerts/sms': {
    request: () =>
      json('PUT', '/api/alerts/sms', {
        enabled: false,
        phone: '06 12 34 56 78',
        quietStart: 21,
        quietEnd: 7,
        dailyCap: 5,
      }),
    expected: signedIn(200),
  },
  // Without SMS (and without its secret), the provider's webhook is not there.
  'POST /api/sms/webhook/:secret': {
    request: () =>
      json('POST', '/api/sms/webhook/not-the-secret-0000', { msg_status: 'replied', reply: 'STOP' }),
    expected: everyone(404),
  },
  'GET /api/push/public-key': { request: () => json('GET', '/api/push/public-key'), expected: everyone(200) },
  'POST /api/push/subscriptions': {
    request: () =>
      json('POST', '/api/push/subscriptions', {
        endpoint: 'https://169.254.169.254/latest',
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      }),
    expected: signedIn(400),
  },
  'DELETE /api/push/subscriptions': {
    request: () =>
      json('DELETE', '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }),
    expected: signedIn(200),
  },
  'GET /api/docs/json': { request: () => json('GET', '/api/docs/json'), expected: everyone(200) },
  // Documents (decision 017): the driver's own; a transporter working with the driver opens verified files only.
  'GET /api/documents': {
    request: () => json('GET', '/api/documents'),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
    check: (actor, body) => {
      if (actor === 'otherDriver') expect((body as { documents: unknown[] }).documents).toEqual([]);
    },
  },
  'POST /api/documents': {
    request: () =>
      form('/api/documents', { type: 'fco', number: 'F1', issuedAt: '2024-01-10' }, { file: PDF_BYTES }),
    expected: signedIn(403, { driver: 201, otherDriver: 201 }),
  },
  'DELETE /api/documents/:id': {
    request: (s) => json('DELETE', `/api/documents/${s.driverDocument}`),
    expected: signedIn(403, { driver: 204, otherDriver: 404 }),
  },
  'GET /api/documents/accesses': {
    request: () => json('GET', '/api/documents/accesses'),
    expected: signedIn(403, { driver: 200, otherDriver: 200 }),
  },
  'GET /api/documents/:id/file': {
    // The verified card: the transporter has the driver's pending application and assigned mission.
    request: (s) => json('GET', `/api/documents/${s.verifiedDocument}/file`),
    expected: signedIn(404, { driver: 200, transporter: 200, admin: 200 }),
  },
  'GET /api/admin/documents': {
    request: () => json('GET', '/api/admin/documents'),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/documents/:id/verify': {
    request: (s) => json('POST', `/api/admin/documents/${s.driverDocument}/verify`),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/documents/:id/reject': {
    request: (s) =>
      json('POST', `/api/admin/documents/${s.driverDocument}/reject`, { reason: 'Photo floue' }),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/drivers': {
    request: () => json('GET', '/api/admin/drivers'),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/drivers/:id': {
    request: (s) => json('GET', `/api/admin/drivers/${s.driver.id}`),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/drivers/:id/interview': {
    request: (s) =>
      json('POST', `/api/admin/drivers/${s.driver.id}/interview`, {
        interviewDate: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/drivers/:id/approve': {
    // Papers not all verified: the admin is told so.
    request: (s) => json('POST', `/api/admin/drivers/${s.driver.id}/approve`, {}),
    expected: signedIn(403, { admin: 409 }),
  },
  'POST /api/admin/drivers/:id/reject': {
    request: (s) => json('POST', `/api/admin/drivers/${s.driver.id}/reject`, { reason: 'Dossier incomplet' }),
    expected: signedIn(403, { admin: 200 }),
  },
  // The engagement document of the assigned mission: its two parties, and admins to read.
  'GET /api/missions/:id/engagement': {
    request: (s) => json('GET', `/api/missions/${s.assigned}/engagement`),
    expected: signedIn(404, { driver: 200, transporter: 200, admin: 200 }),
  },
  'GET /api/missions/:id/engagement/file': {
    request: (s) => json('GET', `/api/missions/${s.assigned}/engagement/file`),
    expected: signedIn(404, { driver: 200, transporter: 200, admin: 200 }),
  },
  'GET /api/missions/:id/engagement/original': {
    // Not signed in the scene: nobody gets an original yet (the parties' access once signed, and a stranger's
    // refusal, are in engagements.api.test.ts).
    request: (s) => json('GET', `/api/missions/${s.assigned}/engagement/original`),
    expected: signedIn(404),
  },
  'POST /api/missions/:id/engagement/sign': {
    // The driver's name: the transporter typing it is refused (400), an admin never signs.
    request: (s) =>
      json('POST', `/api/missions/${s.assigned}/engagement/sign`, {
        typedName: s.driver.fullName,
        consent: true,
      }),
    expected: signedIn(404, { driver: 200, transporter: 400, admin: 403 }),
  },
  'POST /api/missions/:id/engagement/waive': {
    // Already waived in the scene: the transporter is told; nobody else may.
    request: (s) =>
      json('POST', `/api/missions/${s.assigned}/engagement/waive`, { reason: 'Urgence, signature au dépôt' }),
    expected: signedIn(404, { driver: 403, transporter: 409, admin: 403 }),
  },
  // Live tracking of the assigned mission (decision 019), not started yet: points and pause by its driver only
  // (refused until the start), the map for its two parties and admins, the log of looks for the driver and admins.
  'POST /api/missions/:id/positions': {
    request: (s) =>
      json('POST', `/api/missions/${s.assigned}/positions`, {
        points: [
          {
            clientId: randomUUID(),
            latitude: 48.746,
            longitude: 2.352,
            recordedAt: new Date().toISOString(),
          },
        ],
      }),
    expected: signedIn(404, { driver: 409, transporter: 403, admin: 403 }),
  },
  'POST /api/missions/:id/tracking/pause': {
    request: (s) => json('POST', `/api/missions/${s.assigned}/tracking/pause`),
    expected: signedIn(404, { driver: 409, transporter: 403, admin: 403 }),
  },
  'POST /api/missions/:id/tracking/resume': {
    request: (s) => json('POST', `/api/missions/${s.assigned}/tracking/resume`),
    expected: signedIn(404, { driver: 409, transporter: 403, admin: 403 }),
  },
  'GET /api/missions/:id/tracking': {
    request: (s) => json('GET', `/api/missions/${s.assigned}/tracking`),
    expected: signedIn(404, { driver: 200, transporter: 200, admin: 200 }),
  },
  'GET /api/missions/:id/tracking/views': {
    request: (s) => json('GET', `/api/missions/${s.assigned}/tracking/views`),
    expected: signedIn(404, { driver: 200, transporter: 403, admin: 200 }),
  },
  'GET /api/tracking/active': {
    request: () => json('GET', '/api/tracking/active'),
    expected: signedIn(403, { transporter: 200, otherTransporter: 200 }),
  },
  // Proof of delivery, incidents, waiting (decision 019) on the assigned mission, not started yet: sent by its driver
  // only (refused until the start), read by its two parties and admins; no proof yet, so no file to download.
  'GET /api/missions/:id/delivery': {
    request: (s) => json('GET', `/api/missions/${s.assigned}/delivery`),
    expected: signedIn(404, { driver: 200, transporter: 200, admin: 200 }),
  },
  'POST /api/missions/:id/delivery-proof': {
    request: (s) => ({
      method: 'POST',
      url: `/api/missions/${s.assigned}/delivery-proof`,
      headers: { 'content-type': 'multipart/form-data; boundary=matrix' },
      payload: Buffer.concat([
        Buffer.from(
          '--matrix\r\nContent-Disposition: form-data; name="recipientName"\r\n\r\nPaul Quai\r\n' +
            '--matrix\r\nContent-Disposition: form-data; name="signature"; filename="s.png"\r\n\r\n',
        ),
        PNG,
        Buffer.from('\r\n--matrix--\r\n'),
      ]),
    }),
    expected: signedIn(404, { driver: 409, transporter: 403, admin: 403 }),
  },
  'POST /api/missions/:id/incidents': {
    request: (s) => ({
      method: 'POST',
      url: `/api/missions/${s.assigned}/incidents`,
      headers: { 'content-type': 'multipart/form-data; boundary=matrix' },
      payload: '--matrix\r\nContent-Disposition: form-data; name="type"\r\n\r\ndelay\r\n--matrix--\r\n',
    }),
    expected: signedIn(404, { driver: 409, transporter: 403, admin: 403 }),
  },
  'POST /api/missions/:id/waiting/start': {
    request: (s) => json('POST', `/api/missions/${s.assigned}/waiting/start`, { place: 'pickup' }),
    expected: signedIn(404, { driver: 409, transporter: 403, admin: 403 }),
  },
  'POST /api/missions/:id/waiting/stop': {
    request: (s) => json('POST', `/api/missions/${s.assigned}/waiting/stop`),
    expected: signedIn(404, { driver: 409, transporter: 403, admin: 403 }),
  },
  'GET /api/missions/:id/delivery/pdf': {
    request: (s) => json('GET', `/api/missions/${s.completed}/delivery/pdf`),
    expected: signedIn(404),
  },
  'GET /api/missions/:id/delivery/signature': {
    request: (s) => json('GET', `/api/missions/${s.completed}/delivery/signature`),
    expected: signedIn(404),
  },
  'GET /api/missions/:id/delivery/photos/:index': {
    request: (s) => json('GET', `/api/missions/${s.completed}/delivery/photos/1`),
    expected: signedIn(404),
  },
  'GET /api/missions/:id/incidents/:incidentId/photos/:index': {
    request: (s) => json('GET', `/api/missions/${s.completed}/incidents/${randomUUID()}/photos/1`),
    expected: signedIn(404),
  },
  // The payment of the completed mission (decision 018): its two parties, admins to read; each step by its party.
  'GET /api/missions/:id/payment': {
    request: (s) => json('GET', `/api/missions/${s.completed}/payment`),
    expected: signedIn(404, { driver: 200, transporter: 200, admin: 200 }),
  },
  'POST /api/missions/:id/payment/mark-paid': {
    request: (s) =>
      json('POST', `/api/missions/${s.completed}/payment/mark-paid`, {
        paidOn: parisDate(new Date()),
        reference: 'VIR-2026-001',
      }),
    expected: signedIn(404, { driver: 403, transporter: 200, admin: 403 }),
  },
  'POST /api/missions/:id/payment/confirm': {
    request: (s) => json('POST', `/api/missions/${s.completed}/payment/confirm`),
    expected: signedIn(404, { driver: 200, transporter: 403, admin: 403 }),
  },
  'POST /api/missions/:id/payment/dispute': {
    request: (s) =>
      json('POST', `/api/missions/${s.completed}/payment/dispute`, { reason: 'Virement non reçu à ce jour' }),
    expected: signedIn(404, { driver: 200, transporter: 403, admin: 403 }),
  },
  'POST /api/missions/:id/payment/payslip': {
    // The employer only: a driver or an administrator is refused before the file is read.
    request: (s) =>
      form(`/api/missions/${s.completed}/payment/payslip`, { number: 'BP-2026-001' }, { file: PDF_BYTES }),
    expected: signedIn(403, { transporter: 200, otherTransporter: 404 }),
  },
  'GET /api/missions/:id/payment/documents/:documentId': {
    request: (s) => json('GET', `/api/missions/${s.completed}/payment/documents/${s.completedDocument}`),
    expected: signedIn(404, { driver: 200, transporter: 200, admin: 200 }),
  },
  'GET /api/billing/details': { request: () => json('GET', '/api/billing/details'), expected: members(200) },
  'PUT /api/billing/details': {
    request: () => json('PUT', '/api/billing/details', { billingAddress: '12 rue des Lilas, 69007 Lyon' }),
    expected: members(200),
  },
  // Wallet (decision 018): each member's own; an administrator has none.
  'GET /api/wallet/balance': { request: () => json('GET', '/api/wallet/balance'), expected: members(200) },
  'GET /api/wallet/chart': { request: () => json('GET', '/api/wallet/chart'), expected: members(200) },
  'GET /api/transactions': { request: () => json('GET', '/api/transactions'), expected: members(200) },
  // Analytics Avancés (decision 020): each member's own figures; an administrator has none.
  'GET /api/analytics': { request: () => json('GET', '/api/analytics?period=90d'), expected: members(200) },
  'GET /api/analytics/export.csv': {
    request: () => json('GET', '/api/analytics/export.csv?period=12m'),
    expected: members(200),
  },
  'GET /api/transactions/export': {
    request: () => json('GET', '/api/transactions/export'),
    expected: members(200),
  },
  // Plans (decision 018), without Stripe here: the scene's drivers hold Premium without a subscription row.
  'GET /api/billing/subscription': {
    request: () => json('GET', '/api/billing/subscription'),
    expected: members(200),
  },
  'GET /api/billing/invoices/:id/pdf': {
    request: (s) => json('GET', `/api/billing/invoices/${s.planInvoice}/pdf`),
    expected: signedIn(404, { transporter: 200 }),
  },
  'POST /api/billing/checkout': {
    // Elite is a drivers' plan: a request for them, refused for a transporter.
    request: () => json('POST', '/api/billing/checkout', { plan: 'elite', interval: 'month' }),
    expected: members(200, { transporter: 400, otherTransporter: 400 }),
  },
  'DELETE /api/billing/request': {
    request: () => json('DELETE', '/api/billing/request'),
    expected: members(404),
  },
  'POST /api/billing/portal': { request: () => json('POST', '/api/billing/portal'), expected: members(409) },
  'POST /api/billing/cancel': { request: () => json('POST', '/api/billing/cancel'), expected: members(409) },
  'POST /api/billing/resume': { request: () => json('POST', '/api/billing/resume'), expected: members(409) },
  'GET /api/admin/subscriptions': {
    request: () => json('GET', '/api/admin/subscriptions'),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/users/:id/plan': {
    request: (s) => json('POST', `/api/admin/users/${s.driver.id}/plan`, { plan: 'elite', interval: 'year' }),
    expected: signedIn(403, { admin: 200 }),
  },
  'DELETE /api/admin/users/:id/plan': {
    request: (s) =>
      json('DELETE', `/api/admin/users/${s.driver.id}/plan`, { reason: 'Facture impayée après relance' }),
    expected: signedIn(403, { admin: 200 }),
  },
  // Back office « Utilisateurs » (decision 021).
  'GET /api/admin/users': {
    request: () => json('GET', '/api/admin/users?q=jean&role=driver'),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/users/:id': {
    request: (s) => json('GET', `/api/admin/users/${s.driver.id}`),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/users/:id/deactivate': {
    request: (s) => json('POST', `/api/admin/users/${s.driver.id}/deactivate`, { reason: 'Fraude avérée' }),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/users/:id/reactivate': {
    // The driver of a fresh scene is active: the administrator is told so.
    request: (s) => json('POST', `/api/admin/users/${s.driver.id}/reactivate`, {}),
    expected: signedIn(403, { admin: 409 }),
  },
  'POST /api/admin/users/:id/resend-verification': {
    // The scene's driver has confirmed the address.
    request: (s) => json('POST', `/api/admin/users/${s.driver.id}/resend-verification`),
    expected: signedIn(403, { admin: 409 }),
  },
  'POST /api/admin/users/:id/demo': {
    request: (s) => json('POST', `/api/admin/users/${s.driver.id}/demo`),
    expected: signedIn(403, { admin: 200 }),
  },
  'DELETE /api/admin/users/:id/demo': {
    request: (s) => json('DELETE', `/api/admin/users/${s.driver.id}/demo`),
    expected: signedIn(403, { admin: 409 }),
  },
  // Stripe mode (decision 018), off here: the webhook is not there; the transporter's steps and the driver's payout
  // account say that online payment is off (409) to those who may take them, the others are refused.
  'POST /api/stripe/webhook': {
    request: () => json('POST', '/api/stripe/webhook', { id: 'evt_test', type: 'invoice.paid' }),
    expected: everyone(404),
  },
  'POST /api/missions/:id/payment/deposit': {
    request: (s) => json('POST', `/api/missions/${s.assigned}/payment/deposit`, {}),
    expected: signedIn(403, { transporter: 409, otherTransporter: 409 }),
  },
  'POST /api/missions/:id/payment/balance': {
    request: (s) => json('POST', `/api/missions/${s.completed}/payment/balance`, {}),
    expected: signedIn(403, { transporter: 409, otherTransporter: 409 }),
  },
  'POST /api/missions/:id/payment/validate': {
    request: (s) => json('POST', `/api/missions/${s.completed}/payment/validate`, {}),
    expected: signedIn(403, { transporter: 409, otherTransporter: 409 }),
  },
  // Reviews (decision 019): the parties of the completed mission; the driver's form fits a transporter reviewed (a
  // transporter's lacks the driving skill: 400); the member's published reviews and their photos for everyone.
  'GET /api/missions/:id/review': {
    request: (s) => json('GET', `/api/missions/${s.completed}/review`),
    expected: signedIn(404, { driver: 200, transporter: 200, admin: 200 }),
  },
  'POST /api/missions/:id/review': {
    request: (s) =>
      form(`/api/missions/${s.completed}/review`, {
        rating: 4,
        professionalismScore: 4,
        communicationScore: 5,
        safetyScore: 4,
      }),
    expected: signedIn(404, { driver: 201, transporter: 400, admin: 403 }),
  },
  'GET /api/reviews/user/:id': {
    request: (s) => json('GET', `/api/reviews/user/${s.driver.id}`),
    expected: everyone(200),
  },
  'GET /api/reviews/:id/photos/:index': {
    request: (s) => json('GET', `/api/reviews/${s.review}/photos/0`),
    expected: everyone(200),
  },
  'POST /api/reviews/:id/report': {
    // The member reviewed only, once (the scene's driver already has).
    request: (s) => json('POST', `/api/reviews/${s.review}/report`, { reason: 'Cet avis est injuste.' }),
    expected: signedIn(403, { driver: 409 }),
  },
  'GET /api/admin/review-reports': {
    request: () => json('GET', '/api/admin/review-reports'),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/review-reports/:id': {
    request: (s) =>
      json('POST', `/api/admin/review-reports/${s.reviewReport}`, {
        decision: 'remove',
        reason: 'Propos abusifs',
      }),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/bug-reports': {
    // Anyone signed in; the daily limit is per member (bug-reports.api.test.ts).
    request: () =>
      form('/api/bug-reports', {
        title: 'Bouton illisible',
        description: 'Le bouton « Postuler » est illisible en thème sombre.',
        category: 'ui',
      }),
    expected: signedIn(201),
  },
  'GET /api/bug-reports/mine': {
    request: () => json('GET', '/api/bug-reports/mine'),
    expected: signedIn(200),
    check: (_actor, body) => expect(JSON.stringify(body)).not.toContain('adminNotes'),
  },
  'GET /api/bug-reports/:id': {
    request: (s) => json('GET', `/api/bug-reports/${s.bugReport}`),
    // Its author only (administrators read it in the back office).
    expected: signedIn(404, { driver: 200 }),
    check: (_actor, body) => expect(body).not.toHaveProperty('adminNotes'),
  },
  'GET /api/bug-reports/:id/screenshot': {
    request: (s) => json('GET', `/api/bug-reports/${s.bugReport}/screenshot`),
    expected: signedIn(404, { driver: 200, admin: 200 }),
  },
  'GET /api/admin/bug-reports': {
    request: () => json('GET', '/api/admin/bug-reports'),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/bug-reports/:id': {
    request: (s) => json('GET', `/api/admin/bug-reports/${s.bugReport}`),
    expected: signedIn(403, { admin: 200 }),
  },
  'PATCH /api/admin/bug-reports/:id': {
    request: (s) => json('PATCH', `/api/admin/bug-reports/${s.bugReport}`, { status: 'in_progress' }),
    expected: signedIn(403, { admin: 200 }),
  },
  // Site analytics (decision 020): beacons from anyone (our pages), the figures for admins only.
  'POST /api/analytics/collect': {
    request: () =>
      json('POST', '/api/analytics/collect', {
        consent: false,
        events: [{ type: 'page_view', path: '/', at: new Date().toISOString() }],
      }),
    expected: everyone(204),
  },
  'GET /api/admin/analytics/overview': {
    request: () => json('GET', '/api/admin/analytics/overview'),
    expected: signedIn(403, { admin: 200 }),
  },
  // Back office (decision 021): the home's figures and the missions (search, file, cancellation by the team).
  'GET /api/admin/overview': {
    request: () => json('GET', '/api/admin/overview'),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/missions': {
    request: () => json('GET', '/api/admin/missions?q=Rungis&status=available'),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/missions/:id': {
    request: (s) => json('GET', `/api/admin/missions/${s.assigned}`),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/admin/missions/:id/cancel': {
    request: (s) => json('POST', `/api/admin/missions/${s.open}/cancel`, { reason: 'Annonce frauduleuse' }),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/analytics/events': {
    request: () => json('GET', '/api/admin/analytics/events?type=sign_up'),
    expected: signedIn(403, { admin: 200 }),
  },
  'GET /api/admin/analytics/ingest': {
    request: () => json('GET', '/api/admin/analytics/ingest'),
    expected: signedIn(403, { admin: 200 }),
  },
  'POST /api/billing/connect': {
    request: () => json('POST', '/api/billing/connect', {}),
    expected: signedIn(403, { driver: 409, otherDriver: 409 }),
  },
};

function actorUser(s: Scene, actor: Actor): User | null {
  return actor === 'anonymous' ? null : s[actor];
}

async function agentOf(s: Scene, actor: Actor): Promise<Agent> {
  const agent = new Agent(t.app);
  const user = actorUser(s, actor);
  if (user) agent.cookie = await sessionCookie(t.db, user.id);
  return agent;
}

type Operation = { operationId?: string; security?: unknown[]; responses: Record<string, unknown> };
/** The served API description's operation for a route key (`GET /api/missions/:id`). */
function operationOf(route: string): Operation {
  const [method, url] = route.split(' ') as [string, string];
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${route} n’est pas dans la description de l’API`);
  return operation;
}

describe('the API description (GET /api/docs/json)', () => {
  const committed = new URL('../../../docs/openapi.json', import.meta.url);
  it('is docs/openapi.json, which npm run lint checks with Redocly', () => {
    const served = `${JSON.stringify(t.app.swagger(), null, 2)}\n`;
    // RELAIS_WRITE_OPENAPI=1 writes it anew after a change of the routes.
    if (process.env.RELAIS_WRITE_OPENAPI === '1') writeFileSync(committed, served);
    expect(served, 'docs/openapi.json is stale: run this test with RELAIS_WRITE_OPENAPI=1').toBe(
      readFileSync(committed, 'utf8'),
    );
  });

  it('describes every route with its operationId and how it is authenticated', () => {
    const ids = new Set<string>();
    for (const route of Object.keys(MATRIX)) {
      const operation = operationOf(route);
      expect(operation.operationId, route).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      ids.add(operation.operationId!);
      expect(operation.security, route).toBeDefined();
    }
    expect(ids.size).toBe(Object.keys(MATRIX).length);
  });
});

describe('authorisation matrix', () => {
  it('has one row for every API route, and no row for a route that does not exist', () => {
    const routes = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(routes).toEqual(Object.keys(MATRIX).sort());
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(route, async () => {
      const seen: Record<string, number> = {};
      const first = await scene();
      const reads = row.request(first).method === 'GET';
      for (const actor of ACTORS) {
        const s = reads || actor === ACTORS[0] ? first : await scene();
        const response = await (await agentOf(s, actor)).request(row.request(s));
        seen[actor] = response.statusCode;
        if (row.check && response.statusCode < 300) row.check(actor, response.json(), s);
        if (response.statusCode >= 400) {
          expect(response.json().message, `${route} as ${actor}`).toMatch(/\S/);
        }
      }
      const s = reads ? first : await scene();
      const pending = new Agent(t.app);
      pending.cookie = await sessionCookie(t.db, s.admin.id);
      await t.db.execute(sql`update sessions set second_factor_at = null, reauth_at = null
        where token_hash = ${hashToken(pending.cookie)}`);
      seen.pendingAdmin = (await pending.request(row.request(s))).statusCode;
      expect(seen).toEqual({ ...row.expected, pendingAdmin: row.pendingAdmin ?? row.expected.anonymous });
      // What a client generated from the description must expect: each answer seen is described, and the
      // session is asked for exactly where a visitor is refused with 401.
      const operation = operationOf(route);
      for (const [actor, status] of Object.entries(seen))
        expect(Object.keys(operation.responses), `${route}: ${status} (${actor})`).toContain(String(status));
      const sessionRequired =
        (operation.security ?? []).length > 0 &&
        !operation.security!.some((requirement) => Object.keys(requirement as object).length === 0);
      expect(sessionRequired, `${route}: security`).toBe(seen.anonymous === 401);
    });
  }
});

describe('a search never shows what the detail would refuse', () => {
  it('holds for every kind of caller and every mission in the results', async () => {
    const s = await scene();
    // Every status of mission, from several transporters, and one assigned to someone else.
    await missionOf(s.otherTransporter.id, { status: 'cancelled', cancelledAt: new Date() });
    await missionOf(s.otherTransporter.id, {
      status: 'completed',
      driverId: s.otherDriver.id,
      completedAt: new Date(),
    });
    await missionOf(s.otherTransporter.id, { status: 'in_progress', driverId: s.otherDriver.id });
    await missionOf(s.otherTransporter.id, { urgency: true });
    for (const actor of ACTORS) {
      const agent = await agentOf(s, actor);
      for (const query of ['', '?q=rungis', '?lat=48.7&lng=2.35&radiusKm=50', '?sort=newest&pageSize=50']) {
        const page = (await agent.get(`/api/missions/search${query}`)).json();
        expect(page.items.length, `${actor} ${query}`).toBeGreaterThan(0);
        for (const item of page.items as Array<Record<string, unknown>>) {
          const detail = await agent.get(`/api/missions/${item.id as string}`);
          expect(detail.statusCode, `${actor} sees ${item.id as string} in a search`).toBe(200);
          const shown = detail.json().mission as Record<string, unknown>;
          for (const [field, value] of Object.entries(item)) {
            // The distance is to the searched point, which the detail does not know of.
            if (field !== 'distanceKm' && shown[field] === null)
              expect(value, `${actor}: ${field} of ${item.id as string}`).toBeNull();
          }
          expect(item.status).toBe('available');
        }
      }
    }
  });
});
