import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/messaging.js';
import os from 'node:os';
import { createLogger } from '../../platform/logger.js';
import { createMailer } from '../../platform/mailer.js';
import { insertMission, multipartBody } from '../../test/factories.js';
import { createTestApp, signIn, type Agent, type TestApp } from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';
import { sendDigests } from './digest.js';

/**
 * An incident does not wait for the hourly digest: the transporter who chose e-mail for mission alerts gets it at
 * once, over a real SMTP server on loopback, once however often the event is delivered; the digest then skips it.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ mailer: smtpMailer() });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The platform's mailer, over the SMTP server on loopback. */
const smtpMailer = () =>
  createMailer({
    smtpUrl: smtp.url,
    from: 'Relais <bonjour@relais.fr>',
    dataDir: os.tmpdir(),
    log: createLogger({ logLevel: 'silent', env: 'test' }),
  });

const report = (agent: Agent, missionId: string, fields: Record<string, string>) =>
  agent.request({
    method: 'POST',
    url: `/api/missions/${missionId}/incidents`,
    ...multipartBody(fields, []),
  });

async function running() {
  const owner = await signIn(t, { userType: 'company' });
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
  return { owner, carrier, missionId: mission.id };
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
async function firstMailTo(email: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const [mail] = mailsTo(email);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${email}`);
}

describe('an incident by e-mail', () => {
  it('reaches the transporter at once, once; the digest does not send it again', async () => {
    const { owner, carrier, missionId } = await running();
    const sent = await report(carrier.agent, missionId, { type: 'breakdown', note: 'Crevaison sur l’A1' });
    expect(sent.statusCode, sent.body).toBe(201);
    const mail = await firstMailTo(owner.user.email);
    expect(mail.subject).toBe('Incident : panne — Relais');
    expect(mail.text).toContain('Une alerte urgente vous attend sur Relais :');
    expect(mail.text).toContain('Jean Routier signale');
    expect(mail.text).toContain('Crevaison sur l’A1');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const [alert] = await t.db.select().from(alerts).where(eq(alerts.userId, owner.user.id));
    expect(alert!.emailedAt).not.toBeNull();
    // An hour later, the digest has nothing left for them.
    await t.db.execute(
      sql`update alerts set created_at = now() - interval '10 minutes' where user_id = ${owner.user.id}`,
    );
    await sendDigests({ db: t.db, config: t.config, mailer: smtpMailer() });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(owner.user.email)).toHaveLength(1);
  });

  it('not to a transporter who chose no e-mail for mission alerts', async () => {
    const { owner, carrier, missionId } = await running();
    const chosen = await owner.agent.put('/api/alerts/preferences', {
      alertTypes: ['application', 'mission', 'message', 'document'],
      pushTypes: [],
      emailTypes: ['application'],
      zoneRadiusKm: 100,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await report(carrier.agent, missionId, { type: 'delay' })).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(owner.user.email)).toEqual([]);
    const [alert] = await t.db.select().from(alerts).where(eq(alerts.userId, owner.user.id));
    expect(alert!.emailedAt).toBeNull();
  });
});
