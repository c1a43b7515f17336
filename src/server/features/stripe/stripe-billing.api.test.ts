import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS } from '#core/rules/tariffs.js';
import { siteSettings } from '../../db/schema/admin.js';
import { alerts } from '../../db/schema/messaging.js';
import { users } from '../../db/schema/users.js';
import { createUser } from '../../test/factories.js';
import { agentFor, type Agent } from '../../test/harness.js';
import { createStripeTestApp, payCheckout, submitPage, type StripeTestApp } from '../../test/stripe-app.js';

/**
 * The plan routes (features/billing) in Stripe mode, end to end: Checkout on the local Stripe-shaped server, the
 * billing portal's cancellation, the API's cancel and resume, the subscription's end; the plan follows only the
 * verified webhook.
 */
let t: StripeTestApp;
beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(async () => {
  await t?.close();
});

const view = async (agent: Agent) => {
  const response = await agent.get('/api/billing/subscription');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const titlesOf = async (userId: string) =>
  (await t.db.select().from(alerts).where(eq(alerts.userId, userId))).map((alert) => alert.title);

describe('a plan bought, cancelled and ended through Stripe', () => {
  it('follows the webhook at each step', async () => {
    const driver = await createUser(t.db);
    const agent = await agentFor(t, driver.id);
    const checkout = await agent.post('/api/billing/checkout', { plan: 'premium', interval: 'month' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json()).toMatchObject({ requested: false });
    const url: string = checkout.json().url;
    expect(url).toMatch(new RegExp(`^${t.stripe.url}/checkout/cs_test_`));
    const session = t.stripe.checkoutSessions.get(url.split('/').pop()!)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      amount_total: 1490,
      client_reference_id: driver.id,
    });

    // Opening Checkout changes nothing: the plan waits for Stripe's word.
    expect(await view(agent)).toMatchObject({ plan: 'basic', subscription: null });
    const page = await fetch(url);
    expect(await page.text()).toContain('Payer 14,90');

    const paid = await payCheckout(t.stripe, url);
    expect(paid.location).toBe(`${t.config.publicUrl}/driver/subscription?paiement=ok`);
    expect(t.stripe.deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);
    const premium = await view(agent);
    expect(premium).toMatchObject({
      plan: 'premium',
      subscription: { status: 'active', interval: 'month', source: 'stripe', cancelAtPeriodEnd: false },
    });
    // Priced VAT included: 14,90 €, of which 2,48 € of VAT.
    expect(premium.invoices).toMatchObject([{ amount: '14.90', amountExclTax: '12.42', vatAmount: '2.48' }]);
    expect(premium.invoices[0].url).toMatch(new RegExp(`^${t.stripe.url}/invoices/in_`));
    expect(await titlesOf(driver.id)).toContain('Formule activée');
    const subscriptionId = (await t.db.select().from(users).where(eq(users.id, driver.id)))[0]!
      .stripeSubscriptionId!;
    expect(subscriptionId).toMatch(/^sub_/);

    // The billing portal: "cancel at the end of the period", then back to Relais.
    const portal = await agent.post('/api/billing/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    const portalUrl: string = portal.json().url;
    expect(await (await fetch(portalUrl)).text()).toContain('Résilier à la fin de la période');
    const back = await submitPage(t.stripe, `${portalUrl}/subscriptions/${subscriptionId}/cancel`);
    expect(back.location).toBe(`${t.config.publicUrl}/driver/subscription`);
    expect(await view(agent)).toMatchObject({ plan: 'premium', subscription: { cancelAtPeriodEnd: true } });

    // Relais's own buttons call Stripe; the webhook that follows updates the plan page.
    expect((await agent.post('/api/billing/resume')).statusCode).toBe(200);
    await t.stripe.flush();
    expect(await view(agent)).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
    expect((await agent.post('/api/billing/cancel')).statusCode).toBe(200);
    await t.stripe.flush();
    expect(await view(agent)).toMatchObject({ plan: 'premium', subscription: { cancelAtPeriodEnd: true } });

    // A renewal invoice, then the period runs out: Freemium again, and the holder is told.
    t.stripe.renewSubscription(subscriptionId);
    await t.stripe.flush();
    expect((await view(agent)).invoices).toHaveLength(2);
    expect(await titlesOf(driver.id)).toContain('Abonnement renouvelé');
    t.stripe.endSubscription(subscriptionId);
    await t.stripe.flush();
    expect(await view(agent)).toMatchObject({ plan: 'basic', subscription: null });
    expect(await titlesOf(driver.id)).toContain('Abonnement terminé');
    expect(t.stripe.deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);
  });

  it('a transport company’s plan priced before VAT: Checkout charges its price with VAT, the invoice says both', async () => {
    // The back office's tariff: 100 € HT a month (decision 041).
    await t.db
      .insert(siteSettings)
      .values({
        key: 'tariffs',
        value: JSON.stringify({ ...DEFAULT_TARIFFS, transporterMonthly: 100 }),
        isPublic: false,
      })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: JSON.stringify({ ...DEFAULT_TARIFFS, transporterMonthly: 100 }) },
      });
    const transporter = await createUser(t.db, { userType: 'company' });
    const agent = await agentFor(t, transporter.id);
    const checkout = await agent.post('/api/billing/checkout', { plan: 'transporter', interval: 'month' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url: string = checkout.json().url;
    expect(t.stripe.checkoutSessions.get(url.split('/').pop()!)!.amount_total).toBe(12000);
    await payCheckout(t.stripe, url);
    expect((await view(agent)).invoices).toMatchObject([
      { amountExclTax: '100.00', vatAmount: '20.00', vatRate: '20.00', amount: '120.00' },
    ]);
    await t.db.delete(siteSettings).where(eq(siteSettings.key, 'tariffs'));
  });

  it('a declined card or an abandoned Checkout leaves the plan as it was', async () => {
    const transporter = await createUser(t.db, { userType: 'company' });
    const agent = await agentFor(t, transporter.id);
    const checkout = await agent.post('/api/billing/checkout', { plan: 'transporter', interval: 'year' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url: string = checkout.json().url;
    expect(t.stripe.checkoutSessions.get(url.split('/').pop()!)!.amount_total).toBe(88990);
    const declined = await payCheckout(t.stripe, url, 'decline');
    expect(declined.body).toContain('Votre carte a été refusée');
    const cancelled = await submitPage(t.stripe, `${url}/cancel`);
    expect(cancelled.location).toBe(`${t.config.publicUrl}/driver/subscription?paiement=annule`);
    expect(await view(agent)).toMatchObject({ plan: 'basic', subscription: null });
  });
});
