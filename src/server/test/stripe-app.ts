import { eq } from 'drizzle-orm';
import { missionApplications, missions } from '../db/schema/missions.js';
import { driverPayments, stripePayments } from '../db/schema/payments.js';
import { users, type User } from '../db/schema/users.js';
import { createUser } from './factories.js';
import { agentFor, createTestApp, type Agent, type TestApp } from './harness.js';
import { injectInto, startStripeServer, type StripeServer } from './stripe-server.js';

/**
 * The application in Stripe mode against the local Stripe-shaped server: the official library calls it
 * (STRIPE_API_URL), and the server's signed events go back into the app (`inject`), in order, before a hosted
 * page's action answers.
 */
export interface StripeTestApp extends TestApp {
  stripe: StripeServer;
}

export const TEST_STRIPE_KEYS = {
  secretKey: 'sk_test_relaislocaltests',
  webhookSecret: 'whsec_relaislocaltests',
} as const;

export async function createStripeTestApp(env: NodeJS.ProcessEnv = {}): Promise<StripeTestApp> {
  const stripe = await startStripeServer(TEST_STRIPE_KEYS);
  const t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
      STRIPE_API_URL: stripe.url,
      ...env,
    },
  });
  stripe.webhook = injectInto(t.app);
  return {
    ...t,
    stripe,
    async close() {
      await stripe.close();
      await t.close();
    },
  };
}

/** What a hosted page's button does (a browser's form POST); resolves once its events are applied. */
export async function submitPage(stripe: StripeServer, url: string, form: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  await stripe.flush();
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

/** Pays a Checkout Session on its hosted page, as the customer would. */
export const payCheckout = (stripe: StripeServer, checkoutUrl: string, outcome = 'success') =>
  submitPage(stripe, `${checkoutUrl}/pay`, { outcome });

export interface MissionScene {
  transporter: User;
  driver: User;
  company: Agent;
  chauffeur: Agent;
  missionId: string;
}

const HOUR = 3_600_000;

/**
 * A transporter's mission with its driver chosen (assigned), or at a later step with the real times given:
 * written straight into the tables as the mission tests' walk would leave them.
 */
export async function missionScene(
  t: TestApp,
  fields: Partial<typeof missions.$inferInsert> = {},
  driverFields: Parameters<typeof createUser>[1] = {},
): Promise<MissionScene> {
  const transporter = await createUser(t.db, { userType: 'company' });
  const driver = await createUser(t.db, { subscriptionPlan: 'premium', ...driverFields });
  const start = new Date(Date.now() + 2 * HOUR);
  const [mission] = await t.db
    .insert(missions)
    .values({
      companyId: transporter.id,
      driverId: driver.id,
      status: 'assigned',
      assignedAt: new Date(),
      title: 'Semi frigo Rungis → Lyon',
      description: 'Palettes de produits frais.',
      pickupAddress: 'MIN de Rungis, 94150 Rungis',
      deliveryAddress: '69007 Lyon',
      vehicleType: 'semi_frigorifique',
      startDate: start,
      endDate: new Date(start.getTime() + 8 * HOUR),
      price: '420.00',
      searchText: 'semi frigo rungis lyon',
      ...fields,
    })
    .returning();
  await t.db
    .insert(missionApplications)
    .values({ missionId: mission!.id, driverId: driver.id, status: 'accepted' });
  return {
    transporter,
    driver,
    company: await agentFor(t, transporter.id),
    chauffeur: await agentFor(t, driver.id),
    missionId: mission!.id,
  };
}

/** The mission done: started, delivered at these instants and completed; its payment row made by the payments feature. */
export async function completeMission(
  t: TestApp,
  scene: MissionScene,
  startedAt: Date,
  deliveredAt: Date,
): Promise<typeof driverPayments.$inferSelect> {
  await t.db
    .update(missions)
    .set({ status: 'completed', startedAt, deliveredAt, completedAt: new Date(deliveredAt.getTime() + HOUR) })
    .where(eq(missions.id, scene.missionId));
  // Opening the payment page makes the row (what the completion event does), through the payments feature.
  const opened = await scene.company.get(`/api/missions/${scene.missionId}/payment`);
  if (opened.statusCode !== 200) throw new Error(`payment page: ${opened.statusCode} ${opened.body}`);
  const [payment] = await t.db
    .select()
    .from(driverPayments)
    .where(eq(driverPayments.missionId, scene.missionId));
  return payment!;
}

/** A mission's row, read again. */
export const missionRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(missions).where(eq(missions.id, id)))[0]!;

/** Relais's records of a mission's card payments (deposit, balance). */
export const cardPaymentsOf = (t: TestApp, missionId: string) =>
  t.db.select().from(stripePayments).where(eq(stripePayments.missionId, missionId));

/** The Checkout Session behind a hosted page's address, as the local Stripe server holds it. */
export const checkoutSession = (stripe: StripeServer, url: string) =>
  stripe.checkoutSessions.get(url.split('/').pop()!)!;

/** The driver opens their payout account and finishes Stripe's onboarding, back on the mission's payment page. */
export async function onboard(t: StripeTestApp, scene: MissionScene): Promise<string> {
  const connect = await scene.chauffeur.post('/api/billing/connect', { missionId: scene.missionId });
  if (connect.statusCode !== 200) throw new Error(`connect: ${connect.statusCode} ${connect.body}`);
  const back = await submitPage(t.stripe, connect.json().url);
  const expected = `${t.config.publicUrl}/mission/${scene.missionId}/payment?versements=ok`;
  if (back.status !== 303 || back.location !== expected)
    throw new Error(`onboarding: ${back.status} → ${back.location}`);
  const [driver] = await t.db.select().from(users).where(eq(users.id, scene.driver.id));
  return driver!.stripeAccountId!;
}
