import { describe, expect, it } from 'vitest';
import { alertsFor } from './index.js';

const base = { missionId: 'm1', title: 'Rungis → Lille', companyId: 'company', driverId: 'driver' };
const rowsOf = (event: Parameters<typeof alertsFor>[0]) =>
  alertsFor(event).map((row) => [row.userId, row.type, row.title, row.message, row.link]);

describe('Stripe payment alerts', () => {
  it('tell the driver of the deposit, the balance and the payout, amounts in French', () => {
    expect(rowsOf({ type: 'stripe.mission_paid', kind: 'deposit', amount: '370.37', ...base })).toEqual([
      [
        'driver',
        'payment',
        'Acompte payé',
        'Le transporteur a payé l’acompte de 370,37\u00a0€ pour « Rungis → Lille ».',
        '/mission/m1/payment',
      ],
    ]);
    expect(rowsOf({ type: 'stripe.mission_paid', kind: 'balance', amount: '1234.56', ...base })[0]![3]).toBe(
      'Le transporteur a payé le solde de 1\u202f234,56\u00a0€ pour « Rungis → Lille ». Votre versement suit sa validation.',
    );
    expect(rowsOf({ type: 'stripe.mission_paid', kind: 'balance', amount: '0.00', ...base })[0]![3]).toBe(
      '« Rungis → Lille » est entièrement payée par l’acompte. Votre versement suit la validation du transporteur.',
    );
    expect(rowsOf({ type: 'stripe.payout_sent', amount: '864.19', ...base })).toEqual([
      [
        'driver',
        'payment',
        'Versement envoyé',
        '864,19\u00a0€ ont été versés sur votre compte Stripe pour « Rungis → Lille ».',
        '/mission/m1/payment',
      ],
    ]);
  });

  it('tell the transporter of a refused card and of a refunded excess', () => {
    expect(
      rowsOf({ type: 'stripe.mission_payment_failed', kind: 'balance', amount: '50.00', ...base }),
    ).toEqual([
      [
        'company',
        'payment',
        'Paiement refusé',
        'Le paiement du solde de 50,00\u00a0€ pour « Rungis → Lille » a été refusé. Réessayez depuis la page de paiement.',
        '/mission/m1/payment',
      ],
    ]);
    expect(
      rowsOf({ type: 'stripe.refunded', reason: 'deposit_excess', amount: '45.46', ...base })[0]!.slice(0, 3),
    ).toEqual(['company', 'payment', 'Trop-perçu remboursé']);
  });

  it('tell both sides of a payment refunded because it was not due, and the payer of an amount changed', () => {
    expect(
      rowsOf({ type: 'stripe.refunded', reason: 'not_due', amount: '450.00', ...base }).map((row) =>
        row.slice(0, 3),
      ),
    ).toEqual([
      ['company', 'payment', 'Paiement remboursé'],
      ['driver', 'payment', 'Paiement remboursé au transporteur'],
    ]);
    expect(rowsOf({ type: 'stripe.amount_changed', amount: '90.00', ...base })).toEqual([
      [
        'company',
        'payment',
        'Montant à payer modifié',
        'Le montant dû pour « Rungis → Lille » a changé : il reste 90,00\u00a0€ à payer. Une page de paiement ouverte pour l’ancien montant a été fermée ; payez depuis la mission.',
        '/mission/m1/payment',
      ],
    ]);
  });

  it('leave nothing for a driver who is no longer on the mission', () => {
    expect(alertsFor({ type: 'stripe.payout_sent', amount: '1.00', ...base, driverId: null })).toEqual([]);
  });
});
