import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMessages } from '#core/schemas/demo.js';
import { createUser } from '../test/factories.js';
import { Agent, agentFor, createTestApp, type TestApp } from '../test/harness.js';
import { DEMO_EMAIL_DOMAIN, neverMailDemo, REFUSED_IN_DEMO, rewriteDemoTwin } from './demo-guard.js';
import { createMailer } from './mailer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const someId = '00000000-0000-4000-8000-000000000001';
const urlOf = (route: string) => route.split(' ')[1]!.replace(':id', someId);

describe('what a demo account may not do (platform/demo-guard.ts)', () => {
  it('every listed route answers 403 not_in_demo to a demo account, and not to a member', async () => {
    const demo = await agentFor(t, (await createUser(t.db, { isDemo: true })).id);
    const member = await agentFor(t, (await createUser(t.db)).id);
    for (const route of REFUSED_IN_DEMO) {
      const method = route.split(' ')[0] as 'POST' | 'DELETE';
      const refused = await demo.request({ method, url: urlOf(route), payload: {} });
      expect(refused.statusCode, route).toBe(403);
      expect(refused.json(), route).toEqual({ message: demoMessages.notInDemo, code: 'not_in_demo' });
      const allowed = await member.request({ method, url: urlOf(route), payload: {} });
      expect(allowed.json<{ code?: string }>().code, route).not.toBe('not_in_demo');
    }
  });

  it('no mail leaves for a demo address, whatever sends it; a member’s address gets it', async () => {
    // The application's own mailer (the outbox folder here), wrapped as app.ts wraps it for every feature.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'relais-mail-'));
    const mailer = neverMailDemo(createMailer({ from: 'Relais <r@relais.local>', dataDir, log: t.app.log }));
    const outbox = path.join(dataDir, 'outbox');
    const count = async () => (await readdir(outbox).catch(() => [])).length;
    const mail = { subject: 'Essai', text: 'Bonjour', html: '<p>Bonjour</p>' };
    await mailer.send({ ...mail, to: 'vitrine@Demo.Relais.Invalid' });
    await mailer.send({ ...mail, to: `demo-1234abcd@${DEMO_EMAIL_DOMAIN}` });
    await mailer.send({ ...mail, to: `karim.1234@personnages.${DEMO_EMAIL_DOMAIN}` });
    expect(await count()).toBe(0);
    await mailer.send({ ...mail, to: 'membre@exemple.fr' });
    expect(await count()).toBe(1);
    mailer.close();
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('the /api/demo/* twins (docs/specification.md §7)', () => {
  it('lead to the normal paths, query kept; other addresses are left alone', () => {
    const to = (url: string) => rewriteDemoTwin({ url } as never);
    expect(to('/api/demo/missions/search?city=Lyon')).toBe('/api/missions/search?city=Lyon');
    expect(to('/api/demo/wallet/chart')).toBe('/api/wallet/chart');
    expect(to(`/api/demo/messages/${someId}`)).toBe(`/api/messages/${someId}`);
    expect(to(`/api/demo/reviews/${someId}`)).toBe(`/api/reviews/user/${someId}`);
    expect(to('/api/demo/reset')).toBe('/api/demo/reset');
    expect(to('/api/demo/admin/users')).toBe('/api/demo/admin/users');
    expect(to('/api/missions')).toBe('/api/missions');
  });

  it('answer a demo account as the normal path does, and refuse members (403) and visitors (401)', async () => {
    const demo = await agentFor(t, (await createUser(t.db, { isDemo: true })).id);
    const member = await agentFor(t, (await createUser(t.db)).id);
    for (const twin of ['/api/demo/alerts', '/api/demo/conversations', '/api/demo/wallet/balance']) {
      const [a, b] = [await demo.get(twin), await demo.get(twin.replace('/demo', ''))];
      expect(a.statusCode, twin).toBe(200);
      expect(a.json(), twin).toEqual(b.json());
      const refused = await member.get(twin);
      expect(refused.statusCode, twin).toBe(403);
      expect(refused.json()).toEqual({ message: demoMessages.notDemo });
      expect((await new Agent(t.app).get(twin)).statusCode, twin).toBe(401);
    }
  });
});
