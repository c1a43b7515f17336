import { formatDay } from '#core/rules/french-dates.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS } from '#core/rules/tariffs.js';
import type { SubscriptionView } from '#core/schemas/billing.js';
import { annualSavingCents, periodText, planChoices, priceLabel } from './format.js';

const view = (overrides: Partial<SubscriptionView> = {}): SubscriptionView => ({
  role: 'driver',
  plan: 'basic',
  planName: 'Freemium',
  limits: [],
  subscription: null,
  request: null,
  usage: { applicationsLeft: 3, applicationsUsed: 0, messagesLeftToday: 5, messagesUsedToday: 0, labels: [] },
  stripeEnabled: false,
  invoices: [],
  billingAddressMissing: false,
  ...overrides,
});

const live = (overrides: Partial<NonNullable<SubscriptionView['subscription']>> = {}) => ({
  id: 's1',
  status: 'active' as const,
  interval: 'month' as const,
  source: 'admin' as const,
  currentPeriodEnd: '2026-12-24T00:38:00.000Z',
  cancelAtPeriodEnd: false,
  ...overrides,
});

describe('plan page wording', () => {
  it('prices in French, exact to the cent, with the annual saving', () => {
    expect(priceLabel(DEFAULT_TARIFFS, 'premium', 'month')).toBe('14,90\u00a0€ / mois');
    // The transporters' plan before VAT, its saving too (decision 041).
    expect(priceLabel(DEFAULT_TARIFFS, 'transporter', 'year')).toBe('741,58\u00a0€\u00a0HT / an');
    expect(annualSavingCents(DEFAULT_TARIFFS, 'premium')).toBe(2980);
    expect(annualSavingCents(DEFAULT_TARIFFS, 'transporter')).toBe(15746);
  });

  it('gives a transport company its price before VAT, with the VAT and the total beside it', () => {
    const [monthly] = planChoices(view({ role: 'transporter' }), DEFAULT_TARIFFS, 'month');
    expect(monthly).toMatchObject({
      price: '74,92\u00a0€\u00a0HT / mois',
      vat: 'TVA 20\u00a0%\u00a0: 14,98\u00a0€ · 89,90\u00a0€\u00a0TTC',
      priceNote: 'ou 741,58\u00a0€\u00a0HT / an, soit 157,46\u00a0€\u00a0HT d’économie',
    });
    const [premium] = planChoices(view(), DEFAULT_TARIFFS, 'month');
    expect(premium!.vat).toBeNull();
  });

  it('says days in Paris, from a day or an instant', () => {
    expect(formatDay('2026-12-24')).toBe('24 décembre 2026');
    expect(formatDay('2026-12-23T23:30:00.000Z')).toBe('24 décembre 2026');
  });

  it('says when the period ends, and a cancellation', () => {
    expect(periodText(live())).toBe('Période en cours jusqu’au 24 décembre 2026');
    expect(periodText(live({ source: 'stripe' }))).toBe('Renouvellement automatique le 24 décembre 2026');
    expect(periodText(live({ cancelAtPeriodEnd: true }))).toBe(
      'Résiliation à la fin de la période le 24 décembre 2026',
    );
    expect(periodText(live({ status: 'unpaid' }))).toBeNull();
  });
});

describe('planChoices', () => {
  const states = (value: SubscriptionView, interval: 'month' | 'year' = 'month') =>
    planChoices(value, DEFAULT_TARIFFS, interval).map((choice) => [choice.plan, choice.state, choice.action]);

  it('offers a Freemium driver Premium and Elite, a transporter only its plan', () => {
    expect(states(view())).toEqual([
      ['premium', 'change', 'Choisir Premium'],
      ['elite', 'change', 'Choisir Elite'],
    ]);
    expect(states(view({ role: 'transporter' }))).toEqual([
      ['transporter', 'change', 'Choisir Transporteur'],
    ]);
  });

  it('marks the holder’s plan, and offers the other interval as a switch', () => {
    const premium = view({ plan: 'premium', subscription: live() });
    expect(states(premium)).toEqual([
      ['premium', 'current', 'Votre formule'],
      ['elite', 'change', 'Choisir Elite'],
    ]);
    expect(states(premium, 'year')[0]).toEqual(['premium', 'switch', 'Passer à l’annuel']);
  });

  it('waits while a request is pending, and leaves a live subscription to Stripe or Relais when online', () => {
    const request = { plan: 'elite' as const, interval: 'year' as const, createdAt: '2026-11-24T00:00:00Z' };
    expect(states(view({ request })).map(([, state]) => state)).toEqual(['pending', 'pending']);
    const online = view({ plan: 'premium', stripeEnabled: true, subscription: live({ source: 'stripe' }) });
    expect(states(online).map(([, state]) => state)).toEqual(['current', 'locked']);
  });

  it('gives the annual offer in monthly view, and the saving in annual view', () => {
    const [premium] = planChoices(view(), DEFAULT_TARIFFS, 'month');
    expect(premium!.priceNote).toBe('ou 149,00\u00a0€ / an, soit 29,80\u00a0€ d’économie');
    const [annual] = planChoices(view(), DEFAULT_TARIFFS, 'year');
    expect(annual!.price).toBe('149,00\u00a0€ / an');
    expect(annual!.priceNote).toBe('soit 29,80\u00a0€ d’économie sur un an');
  });
});
