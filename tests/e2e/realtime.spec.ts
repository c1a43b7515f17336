import { expect, test, type WebSocketRoute } from '@playwright/test';
import { transporterAndApplicant } from './helpers.js';

test('the live connection retries 3 times 5 s apart, stops after 1008, starts again when the app is back on screen and fetches what was missed', async ({
  browser,
  page: probe,
}) => {
  test.setTimeout(90_000);
  const { driver, write } = await transporterAndApplicant(browser, probe.viewportSize(), {
    title: `Benne Metz ${Date.now().toString(36)}`,
    description: 'Gravats, chargement à la pelle.',
    pickupAddress: '57000 Metz',
    deliveryAddress: '54000 Nancy',
    vehicleType: 'porteur',
    price: '260',
  });
  await write('Premier message');

  // Between the page and the server: the 1st connection and the 5th go through; the 2nd to 4th are cut.
  const attempts: number[] = [];
  const through: WebSocketRoute[] = [];
  await driver.routeWebSocket(/\/ws$/, (ws) => {
    attempts.push(Date.now());
    if (attempts.length === 1 || attempts.length >= 5) {
      ws.connectToServer();
      through.push(ws);
    } else {
      void ws.close({ code: 4000, reason: 'réseau coupé' });
    }
  });
  await driver.goto('/messages');
  const list = driver.getByRole('link', { name: /Transports Martin/ });
  await expect(list).toContainText('Premier message');
  await expect.poll(() => attempts.length).toBe(1);

  // The connection drops; a message is sent meanwhile. Three retries, 5 s apart, then nothing more.
  await through[0]!.close({ code: 4000, reason: 'réseau coupé' });
  const droppedAt = Date.now();
  await write('Nouveau créneau : 7 h');
  await expect.poll(() => attempts.length, { timeout: 20_000 }).toBe(4);
  for (const [index, at] of attempts.slice(1).entries())
    expect(at - droppedAt).toBeGreaterThanOrEqual((index + 1) * 5000 - 100);
  await driver.waitForTimeout(6000);
  expect(attempts).toHaveLength(4);
  await expect(list).not.toContainText('Nouveau créneau');

  // The app comes back to the screen: a new round connects and what was missed shows, without a reload.
  // (Going back online would do the same, but the app also refetches everything then, by itself.)
  await driver.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => attempts.length).toBe(5);
  await expect(list).toContainText('Nouveau créneau : 7 h', { timeout: 3000 });

  // Closed with 1008 (no valid session): never retried.
  await through[1]!.close({ code: 1008, reason: 'Session requise' });
  await driver.waitForTimeout(6500);
  await driver.evaluate(() => window.dispatchEvent(new Event('online')));
  await driver.waitForTimeout(500);
  expect(attempts).toHaveLength(5);
});
