import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/messaging.js';
import { smsMessages, smsPreferences } from '../../db/schema/sms.js';
import { users } from '../../db/schema/users.js';
import { createUser, insertMission, multipartBody } from '../../test/factories.js';
import { agentFor, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness.js';
import { startSmsServer, type SmsServer } from '../../test/sms-server.js';
import { createSms } from '../../platform/sms.js';
import { textAlert } from './sms-alert.js';

/**
 * SMS for what cannot wait (decision 051), against a local server speaking Brevo's transactional SMS API: the
 * opt-in and its number, an incident texted to an away transporter, quiet hours, the daily cap (also under
 * concurrent alerts), a redelivered alert, STOP through the provider's webhook, and demo accounts' silence.
 */
const SECRET = 'sms-webhook-secret-for-tests';
let t: TestApp;
let provider: SmsServer;
beforeAll(async () => {
  provider = await startSmsServer();
  t = await createTestApp({
    env: {
      SMS_API_KEY: provider.apiKey,
      SMS_SENDER: 'Relais',
      SMS_WEBHOOK_SECRET: SECRET,
      SMS_API_URL: provider.url,
      PUBLIC_URL: 'https://relais.example',
      // The reminder of missions about to start is a scheduled job, run here through the queue.
      JOBS_WORKER: 'true',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const optIn = (agent: Agent, fields: Record<string, unknown> = {}) =>
  agent.put('/api/alerts/sms', {
    enabled: true,
    phone: '06 98 76 54 32',
    quietStart: 21,
    quietEnd: 7,
    dailyCap: 5,
    ...fields,
  });

/** A distinct mobile number per member (the webhook finds members by number). */
let numbers = 10_000_000;
const nextMobile = () => `07${String(++numbers).padStart(8, '0')}`;
const e164 = (national: string) => `+33${national.slice(1)}`;

async function optedIn(fields: Record<string, unknown> = {}) {
  const phone = nextMobile();
  const member = await signIn(t, { userType: 'company', phone: null });
  const saved = await optIn(member.agent, { phone, ...fields });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...member, phone: e164(phone) };
}

const textsTo = (phone: string) => provider.received.filter((sms) => `+${sms.recipient}` === phone);
async function firstTextTo(phone: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const [sms] = textsTo(phone);
    if (sms) return sms;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no SMS to ${phone}`);
}

/** An alert row as the subscriber writes it (the event in its metadata). */
async function alertFor(userId: string, event: string, extra: Record<string, unknown> = {}) {
  const [row] = await t.db
    .insert(alerts)
    .values({
      userId,
      type: 'mission',
      title: event === 'incident.reported' ? 'Incident : panne' : 'Nouvelle mission',
      message: 'Jean Routier signale une panne sur « Semi frigo Rungis → Lille ».',
      link: '/mission/0b6f7a8e-3c1d-4a2b-9f00-123456789abc',
      metadata: { event, ...extra },
    })
    .returning();
  return row!;
}

/** The app's own provider is not exposed: an identical one, built from the same configuration. */
const deps = () => ({ db: t.db, sms: createSms(t.config.sms), config: t.config });
/** 03:30 and 12:30 in Paris (winter time, UTC+1). */
const NIGHT = new Date('2026-01-15T02:30:00Z');
const NOON = new Date('2026-01-15T11:30:00Z');

describe('the SMS opt-in', () => {
  it('needs a mobile number, said under the field, and stores it in E.164', async () => {
    const { agent, user } = await signIn(t, { userType: 'driver', phone: null });
    const before = await agent.get('/api/alerts/sms');
    expect(before.json()).toMatchObject({
      offered: true,
      enabled: false,
      phone: '',
      quietStart: 21,
      quietEnd: 7,
      dailyCap: 5,
      maxDailyCap: 10,
    });
    for (const phone of ['', '12345', '01 45 67 89 01']) {
      const refused = await optIn(agent, { phone });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.phone).toBe(
        'Indiquez un numéro de mobile valide (06 12 34 56 78 ou +32 …)',
      );
    }
    const tooMany = await optIn(agent, { dailyCap: 11 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.dailyCap).toBe('Au plus 10 SMS par jour');
    const saved = await optIn(agent, { phone: '06 98 76 54 32', quietStart: 22, quietEnd: 6, dailyCap: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      enabled: true,
      phone: '+33698765432',
      quietStart: 22,
      quietEnd: 6,
      dailyCap: 3,
    });
    const [row] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, user.id));
    expect(row!.phone).toBe('+33698765432');
  });

  it('is refused to a demo account, which never gets an SMS', async () => {
    const demo = await createUser(t.db, { userType: 'company', isDemo: true, phone: '+33611112222' });
    const agent = await agentFor(t, demo.id);
    const refused = await optIn(agent);
    expect(refused.statusCode).toBe(403);
    // Opted in before the team marked the account as a demo one: still silent.
    await t.db.insert(smsPreferences).values({ userId: demo.id, enabled: true });
    expect(await textAlert(deps(), await alertFor(demo.id, 'incident.reported'), 'incident', NOON)).toBe(
      'not_opted_in',
    );
    expect(textsTo('+33611112222')).toHaveLength(0);
  });
});

describe('an incident by SMS', () => {
  it('reaches the away transporter with no push device at once, short, French, with a link and STOP', async () => {
    const owner = await optedIn();
    const carrier = await signIn(t, { userType: 'driver', fullName: 'Jean Routier' });
    const mission = await insertMission(t.db, {
      companyId: owner.user.id,
      driverId: carrier.user.id,
      status: 'in_progress',
      title: 'Semi frigo Rungis → Lille',
      startDate: new Date(Date.now() - 3_600_000),
      endDate: new Date(Date.now() + 5 * 3_600_000),
      startedAt: new Date(Date.now() - 3_600_000),
    });
    const sent = await carrier.agent.request({
      method: 'POST',
      url: `/api/missions/${mission.id}/incidents`,
      ...multipartBody({ type: 'breakdown', note: 'Crevaison sur l’A1' }, []),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const sms = await firstTextTo(owner.phone);
    expect(sms).toMatchObject({
      sender: 'Relais',
      type: 'transactional',
      unicodeEnabled: false,
      tag: 'incident',
    });
    expect(sms.content.startsWith('Relais: Incident : panne. Jean Routier signale')).toBe(true);
    expect(sms.content).toContain(`https://relais.example/mission/${mission.id}`);
    expect(sms.content.endsWith('STOP SMS: repondez STOP')).toBe(true);
    expect(sms.content.length).toBeLessThanOrEqual(160);
    // The SMS row says so once the provider has answered.
    let row: typeof smsMessages.$inferSelect | undefined;
    for (let waited = 0; waited < 10_000 && row?.status !== 'sent'; waited += 50) {
      [row] = await t.db.select().from(smsMessages).where(eq(smsMessages.userId, owner.user.id));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(row).toMatchObject({
      kind: 'incident',
      status: 'sent',
      segments: 1,
      providerMessageId: String(sms.messageId),
    });
  });

  it('is sent once however often its alert is delivered', async () => {
    const owner = await optedIn();
    const row = await alertFor(owner.user.id, 'incident.reported');
    expect(await textAlert(deps(), row, 'incident', NOON)).toBe('sent');
    expect(await textAlert(deps(), row, 'incident', NOON)).toBe('already');
    expect(textsTo(owner.phone)).toHaveLength(1);
  });

  it('is not sent to a member who did not opt in, nor once they opted out', async () => {
    const never = await signIn(t, { userType: 'company', phone: '+33622223333' });
    expect(
      await textAlert(deps(), await alertFor(never.user.id, 'incident.reported'), 'incident', NOON),
    ).toBe('not_opted_in');
    const owner = await optedIn();
    const off = await optIn(owner.agent, { enabled: false, phone: '' });
    expect(off.json()).toMatchObject({ enabled: false, phone: owner.phone });
    expect(
      await textAlert(deps(), await alertFor(owner.user.id, 'incident.reported'), 'incident', NOON),
    ).toBe('not_opted_in');
    expect(textsTo(owner.phone)).toHaveLength(0);
  });
});

describe('quiet hours and the daily cap', () => {
  it('keep an urgent mission for the day, not an incident nor a mission about to start', async () => {
    const member = await optedIn({ quietStart: 21, quietEnd: 7 });
    expect(
      await textAlert(
        deps(),
        await alertFor(member.user.id, 'mission.published', { urgent: true }),
        'urgent_mission',
        NIGHT,
      ),
    ).toBe('quiet_hours');
    expect(
      await textAlert(deps(), await alertFor(member.user.id, 'incident.reported'), 'incident', NIGHT),
    ).toBe('sent');
    expect(
      await textAlert(deps(), await alertFor(member.user.id, 'mission.starting'), 'mission_starting', NIGHT),
    ).toBe('sent');
    expect(
      await textAlert(
        deps(),
        await alertFor(member.user.id, 'mission.published', { urgent: true }),
        'urgent_mission',
        NOON,
      ),
    ).toBe('sent');
    expect(textsTo(member.phone).map((sms) => sms.tag)).toEqual([
      'incident',
      'mission_starting',
      'urgent_mission',
    ]);
  });

  it('stop at the member’s number a day; a failed send does not count', async () => {
    const member = await optedIn({ dailyCap: 2 });
    provider.failWith = 402;
    expect(
      await textAlert(deps(), await alertFor(member.user.id, 'incident.reported'), 'incident', NOON),
    ).toBe('failed');
    provider.failWith = 0;
    expect(
      await textAlert(deps(), await alertFor(member.user.id, 'incident.reported'), 'incident', NOON),
    ).toBe('sent');
    expect(
      await textAlert(deps(), await alertFor(member.user.id, 'incident.reported'), 'incident', NOON),
    ).toBe('sent');
    expect(
      await textAlert(deps(), await alertFor(member.user.id, 'incident.reported'), 'incident', NOON),
    ).toBe('cap');
    expect(textsTo(member.phone)).toHaveLength(2);
  });

  it('hold under alerts arriving together', async () => {
    const member = await optedIn({ dailyCap: 1 });
    const rows = await Promise.all([1, 2, 3, 4].map(() => alertFor(member.user.id, 'incident.reported')));
    const outcomes = await Promise.all(rows.map((row) => textAlert(deps(), row, 'incident', NOON)));
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
    expect(textsTo(member.phone)).toHaveLength(1);
  });
});

describe('STOP', () => {
  const webhook = (secret: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/sms/webhook/${secret}`, payload });

  it('from the member’s number turns their SMS off until they opt in again', async () => {
    const member = await optedIn();
    const forged = await webhook('not-the-secret-at-all', {
      msg_status: 'replied',
      from: member.phone.slice(1),
      reply: 'STOP',
    });
    expect(forged.statusCode).toBe(404);
    const other = await webhook(SECRET, {
      msg_status: 'replied',
      from: member.phone.slice(1),
      reply: 'Bien reçu, merci',
    });
    expect(other.json()).toEqual({ received: true, stopped: 0 });
    const stop = await webhook(SECRET, { msg_status: 'replied', from: member.phone.slice(1), reply: 'Stop' });
    expect(stop.json()).toEqual({ received: true, stopped: 1 });
    const settings = (await member.agent.get('/api/alerts/sms')).json();
    expect(settings.enabled).toBe(false);
    expect(settings.stoppedAt).not.toBeNull();
    expect(
      await textAlert(deps(), await alertFor(member.user.id, 'incident.reported'), 'incident', NOON),
    ).toBe('not_opted_in');
    expect((await optIn(member.agent, { phone: member.phone })).json()).toMatchObject({
      enabled: true,
      stoppedAt: null,
    });
  });

  it('also comes as the provider’s unsubscribe event', async () => {
    const member = await optedIn();
    const stop = await webhook(SECRET, { event: 'unsubscribed', to: member.phone.slice(1) });
    expect(stop.json()).toEqual({ received: true, stopped: 1 });
  });
});

describe('a mission starting within 2 h and not started', () => {
  it('reminds its driver by SMS, once, at any hour', async () => {
    const owner = await signIn(t, { userType: 'company' });
    const driver = await optedIn();
    await t.db.update(users).set({ userType: 'driver' }).where(eq(users.id, driver.user.id));
    const start = new Date(Date.now() + 90 * 60_000);
    const mission = await insertMission(t.db, {
      companyId: owner.user.id,
      driverId: driver.user.id,
      status: 'assigned',
      title: 'Benne Lyon → Grenoble',
      startDate: start,
      endDate: new Date(start.getTime() + 4 * 3_600_000),
    });
    const later = await insertMission(t.db, {
      companyId: owner.user.id,
      driverId: driver.user.id,
      status: 'assigned',
      startDate: new Date(Date.now() + 5 * 3_600_000),
      endDate: new Date(Date.now() + 8 * 3_600_000),
    });
    await t.app.jobs.runNow('missions-starting', { timeoutMs: 60_000 });
    await t.app.jobs.runNow('missions-starting', { timeoutMs: 60_000 });
    const reminders = await t.db.select().from(alerts).where(eq(alerts.userId, driver.user.id));
    expect(reminders.map((row) => [row.title, row.missionId])).toEqual([['Mission à démarrer', mission.id]]);
    const sms = await firstTextTo(driver.phone);
    expect(sms.content).toContain('Mission à démarrer. " Benne Lyon > Grenoble " commence à');
    expect(sms.content).toContain(`/mission/${mission.id}`);
    expect(sms.content).not.toContain(later.id);
  });
});

describe('the administrators’ count', () => {
  it('shows the SMS sent today and their segments, refused ones apart', async () => {
    const { agent } = await signIn(t, { userType: 'admin', isAdmin: true });
    const before = (await agent.get('/api/admin/overview')).json().sms;
    expect(before.offered).toBe(true);
    expect(before.daily).toHaveLength(30);
    const member = await optedIn();
    expect(
      await textAlert(deps(), await alertFor(member.user.id, 'incident.reported'), 'incident', NOON),
    ).toBe('sent');
    provider.failWith = 500;
    expect(
      await textAlert(deps(), await alertFor(member.user.id, 'incident.reported'), 'incident', NOON),
    ).toBe('failed');
    provider.failWith = 0;
    const after = (await agent.get('/api/admin/overview')).json().sms;
    expect(after.daily.at(-1).sent - before.daily.at(-1).sent).toBe(1);
    expect(after.daily.at(-1).segments - before.daily.at(-1).segments).toBe(1);
    expect(after.daily.at(-1).failed - before.daily.at(-1).failed).toBe(1);
    expect(after.last30.sent - before.last30.sent).toBe(1);
  });
});
