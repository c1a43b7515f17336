import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewUser } from '../../db/schema/users.js';
import { missionPayload } from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (overrides: Partial<NewUser> = {}) => signIn(t, overrides);

describe('alerts', () => {
  it('lists one’s own alerts with filters; marks read one or all; deletes; never touches another’s', async () => {
    const company = await signedIn({ userType: 'company' });
    const driver = await signedIn({ subscriptionPlan: 'premium' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    await driver.agent.post(`/api/missions/${missionId}/apply`, {});
    await driver.agent.post(`/api/messages/${company.user.id}`, { content: 'Bonjour', missionId });

    const all = (await company.agent.get('/api/alerts')).json();
    expect(all.map((a: { title: string }) => a.title)).toEqual(['Nouveau message', 'Nouvelle candidature']);
    expect(all[1].link).toBe(`/mission/${missionId}`);
    // The message alert opens that mission's conversation, not a conversation without a mission.
    expect(all[0].link).toBe(`/messages?avec=${driver.user.id}&mission=${missionId}`);
    expect((await company.agent.get('/api/alerts?filtre=messages')).json()).toHaveLength(1);
    expect((await company.agent.get('/api/alerts?filtre=missions')).json()).toHaveLength(1);
    expect((await company.agent.get('/api/alerts?filtre=documents')).json()).toHaveLength(0);
    expect((await company.agent.get('/api/alerts?filtre=autre')).statusCode).toBe(400);

    // Another user can neither read, mark nor delete them.
    expect((await driver.agent.get('/api/alerts')).json()).toEqual([]);
    expect((await driver.agent.post(`/api/alerts/${all[0].id}/read`)).statusCode).toBe(404);
    expect((await driver.agent.delete(`/api/alerts/${all[0].id}`)).statusCode).toBe(404);

    const read = await company.agent.post(`/api/alerts/${all[0].id}/read`);
    expect(read.json().read).toBe(true);
    expect((await company.agent.get('/api/alerts?filtre=non-lues')).json()).toHaveLength(1);
    expect((await company.agent.post('/api/alerts/read-all')).json()).toEqual({ read: 1 });
    expect((await company.agent.get('/api/alerts?filtre=non-lues')).json()).toHaveLength(0);
    expect((await company.agent.delete(`/api/alerts/${all[1].id}`)).json()).toEqual({
      message: 'Alerte supprimée',
    });
    expect((await company.agent.get('/api/alerts')).json()).toHaveLength(1);
    expect((await new Agent(t.app).get('/api/alerts')).statusCode).toBe(401);
  });
});
