import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/platform.js';
import { isPrivateAddress } from '../../platform/push-endpoints.js';
import { createTestApp, signIn, type TestApp } from '../../test/harness.js';

// The production policy: the known push services only, public addresses only.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // `localhost` and a name of ours listed as push services, to show that the address decides, not the name.
    env: { PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,*.push.apple.com,localhost,*.localhost' },
  });
});
afterAll(async () => {
  await t.close();
});

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

describe('push subscriptions never point the server at a private network', () => {
  it('refuses IP literals, unknown hosts, plain http and names that resolve to private addresses', async () => {
    const { agent } = await signIn(t);
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://10.0.0.5/push',
      'https://2130706433/push', // 127.0.0.1 written as a number
      'https://evil.example/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/send',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://localhost/push', // listed, but loopback
      'https://relais.localhost/push', // listed by pattern, resolves to loopback
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      const response = await agent.post('/api/push/subscriptions', { endpoint, keys });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().errors.endpoint).toMatch(/^Adresse d’abonnement invalide/);
    }
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('knows the reserved address ranges', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['142.250.74.106', '2a00:1450:4007:80f::200a', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
