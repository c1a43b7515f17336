import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/** The address the rate limits, the logs and the truncated analytics address see, as TRUST_PROXY sets it. */
async function appTrusting(trustProxy: string): Promise<TestApp> {
  return createTestApp({
    env: { TRUST_PROXY: trustProxy },
    routes: (app) => app.get('/test/ip', { schema: { hide: true } }, async (request) => ({ ip: request.ip })),
  });
}

const seenBy = async (t: TestApp, forwardedFor: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/test/ip',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': forwardedFor },
    })
  ).json<{ ip: string }>().ip;

describe('client address behind proxies', () => {
  const apps: Record<string, TestApp> = {};
  beforeAll(async () => {
    for (const setting of ['false', '10.0.0.0/8', 'true']) apps[setting] = await appTrusting(setting);
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
  });

  it('with true, believes the whole header (only for a proxy that overwrites it)', async () => {
    expect(await seenBy(apps.true!, '6.6.6.6, 198.51.100.7')).toBe('6.6.6.6');
  });

  it('ignores X-Forwarded-For by default', async () => {
    expect(await seenBy(apps.false!, '203.0.113.9')).toBe('10.0.0.5');
  });

  it('with the load balancer listed, takes what it saw, not what the client wrote before it', async () => {
    expect(await seenBy(apps['10.0.0.0/8']!, '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('with the proxies listed, skips them and stops at the first address that is not one', async () => {
    expect(await seenBy(apps['10.0.0.0/8']!, '6.6.6.6, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
  });
});
