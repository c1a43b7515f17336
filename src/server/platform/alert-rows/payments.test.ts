import { describe, expect, it } from 'vitest';
import { alertsFor } from './index.js';

const base = {
  missionId: 'm1',
  title: 'Rungis → Lille',
  companyId: 'company',
  driverId: 'driver',
  amount: '1234.50',
};

describe('payment alerts', () => {
  it('each settlement step tells the other party, in French, with the payment page', () => {
    const [marked] = alertsFor({
      type: 'payment.marked_paid',
      ...base,
      paidOn: '2026-11-24',
      reference: 'VIR-118',
    });
    expect(marked).toMatchObject({
      userId: 'driver',
      type: 'payment',
      title: 'Paiement déclaré',
      link: '/mission/m1/payment',
      missionId: 'm1',
    });
    expect(marked!.message).toBe(
      'Le transporteur indique avoir payé 1\u202f234,50\u00a0€ pour « Rungis → Lille » (le 24/11/2026, réf. VIR-118). Confirmez la réception ou signalez un problème.',
    );
    expect(alertsFor({ type: 'payment.confirmed', ...base }).map((row) => [row.userId, row.title])).toEqual([
      ['company', 'Paiement reçu'],
    ]);
    const [disputed] = alertsFor({ type: 'payment.disputed', ...base, reason: 'Rien reçu' });
    expect(disputed).toMatchObject({ userId: 'company', title: 'Paiement contesté' });
    expect(disputed!.message).toContain('Motif : Rien reçu');
  });

  it('an overdue payment and an issued invoice tell both parties', () => {
    expect(
      alertsFor({ type: 'payment.overdue', ...base, dueDate: '2026-11-20' }).map((row) => [
        row.userId,
        row.title,
      ]),
    ).toEqual([
      ['driver', 'Paiement en retard'],
      ['company', 'Paiement en retard'],
    ]);
    expect(
      alertsFor({ type: 'payment.document', ...base, kind: 'invoice', number: 'AF-2026-0001' }).map(
        (row) => row.userId,
      ),
    ).toEqual(['driver', 'company']);
    expect(
      alertsFor({
        type: 'payment.created',
        ...base,
        engagementType: 'independent',
        dueDate: '2026-12-24',
      })[0]!.message,
    ).toBe('« Rungis → Lille » : 1\u202f234,50\u00a0€ vous sont dus, échéance le 24/12/2026.');
  });
});
