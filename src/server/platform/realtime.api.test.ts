import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeEvent } from '#core/events.js';
import type { NewUser } from '../db/schema/users.js';
import { missionPayload, TEST_PASSWORD } from '../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../test/harness.js';
import { CLIENT_EVENTS_PER_WINDOW, MAX_SOCKETS_PER_USER } from './realtime.js';
import { SESSION_COOKIE } from './sessions.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  await t.close();
});

const signedIn = (overrides: Partial<NewUser> = {}) => signIn(t, overrides);

/** A real socket, collecting the events it receives. */
async function connect(cookie?: string, origin = 'http://localhost:5000') {
  const ws = new WebSocket(base, {
    headers: { ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), origin },
  });
  const events: RealtimeEvent[] = [];
  ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, events, closed };
}
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
};

describe('/ws', () => {
  it('closes with 1008 without a session or from another origin', async () => {
    expect(await (await connect()).closed).toBe(1008);
    expect(await (await connect('not-a-session')).closed).toBe(1008);
    const { agent } = await signedIn();
    expect(await (await connect(agent.cookie, 'https://evil.example')).closed).toBe(1008);
  });

  it('delivers messages to every socket of the receiver, alerts and mission updates, and relays typing', async () => {
    const company = await signedIn({ userType: 'company' });
    const driver = await signedIn({ subscriptionPlan: 'premium' });
    const phone = await connect(driver.agent.cookie);
    const laptop = await connect(driver.agent.cookie);
    const office = await connect(company.agent.cookie);

    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    const application = (await driver.agent.post(`/api/missions/${missionId}/apply`, {})).json();
    await until(() =>
      office.events.some((e) => e.type === 'new-alert' && e.alert.title === 'Nouvelle candidature'),
    );

    await company.agent.post(`/api/messages/${driver.user.id}`, { content: 'Bonjour !', missionId });
    for (const socket of [phone, laptop]) {
      await until(() =>
        socket.events.some((e) => e.type === 'new-message' && e.message.content === 'Bonjour !'),
      );
    }

    office.ws.send(JSON.stringify({ type: 'typing', to: driver.user.id, missionId }));
    await until(() => phone.events.some((e) => e.type === 'user-typing' && e.userId === company.user.id));

    await company.agent.post(`/api/applications/${application.id}/accept`);
    await until(() =>
      laptop.events.some(
        (e) => e.type === 'mission-update' && e.mission.id === missionId && e.mission.status === 'assigned',
      ),
    );

    // Someone with no mission in common cannot make a user's screen say "is typing".
    const stranger = await signedIn();
    const intruder = await connect(stranger.agent.cookie);
    intruder.ws.send(JSON.stringify({ type: 'typing', to: driver.user.id }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(phone.events.some((e) => e.type === 'user-typing' && e.userId === stranger.user.id)).toBe(false);
    for (const socket of [phone, laptop, office, intruder]) socket.ws.close();
  });

  it('closes the oldest socket beyond 20 per user, and drops a flood of typing events', async () => {
    const company = await signedIn({ userType: 'company' });
    const driver = await signedIn({ subscriptionPlan: 'premium' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    await driver.agent.post(`/api/missions/${missionId}/apply`, {});

    const tabs = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) tabs.push(await connect(driver.agent.cookie));
    const oneMore = await connect(driver.agent.cookie);
    expect(await tabs[0]!.closed).toBe(1008);
    expect(tabs.slice(1).every((tab) => tab.ws.readyState === WebSocket.OPEN)).toBe(true);

    const office = await connect(company.agent.cookie);
    for (let i = 0; i < 200; i++)
      office.ws.send(JSON.stringify({ type: 'typing', to: driver.user.id, missionId }));
    const typing = () => oneMore.events.filter((e) => e.type === 'user-typing').length;
    await until(() => typing() >= CLIENT_EVENTS_PER_WINDOW);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(typing()).toBe(CLIENT_EVENTS_PER_WINDOW);
    for (const socket of [...tabs, oneMore, office]) socket.ws.close();
  });

  it('closes the sockets of a session as soon as it ends elsewhere (logout, "déconnecter les autres")', async () => {
    const { user, agent: laptop } = await signedIn();
    const phoneAgent = new Agent(t.app);
    await phoneAgent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const phone = await connect(phoneAgent.cookie);
    const desk = await connect(laptop.cookie);
    const started = Date.now();
    await laptop.delete('/api/auth/sessions');
    expect(await phone.closed).toBe(1008);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(desk.ws.readyState).toBe(WebSocket.OPEN);
    await laptop.post('/api/auth/logout');
    expect(await desk.closed).toBe(1008);
  });
});
