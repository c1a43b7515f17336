import { describe, expect, it } from 'vitest';
import type { WalletBalance, WalletChart } from '#core/schemas/payments.js';
import { balanceCards } from './balance-cards.js';
import { chartSummary } from './chart-labels.js';

const months = (values: Array<[string, string]>): WalletChart['months'] =>
  values.map(([earned, settled], index) => ({
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    label: `m${index + 1} 2026`,
    earned,
    settled,
  }));

describe('the wallet in words', () => {
  it('names the figures from the viewer’s side', () => {
    const balance: WalletBalance = {
      role: 'transporter',
      currency: 'eur',
      settled: '1566.00',
      pending: '0.00',
      overdue: '0.00',
      disputed: '0.00',
      thisMonth: '1566.00',
      thisYear: '1566.00',
      counts: { pending: 0, overdue: 2, disputed: 1 },
      vat: null,
    };
    expect(balanceCards(balance).map((card) => card.label)).toEqual([
      'Payé',
      'À payer',
      'En retard',
      'Contesté',
      'Ce mois-ci',
      'Cette année',
    ]);
    expect(
      balanceCards({ ...balance, role: 'driver' })
        .slice(0, 2)
        .map((card) => card.label),
    ).toEqual(['Reçu', 'En attente']);
    expect(balanceCards(balance)[2]!.hint).toBe('2 missions après échéance');
    // A driver's earnings are before VAT, the VAT collected said apart.
    const driver = balanceCards({
      ...balance,
      role: 'driver',
      settled: '1305.00',
      vat: { settled: '261.00', thisMonth: '261.00', thisYear: '0.00' },
    });
    expect(driver[0]!.hint).toBe(
      'Paiements dont vous avez confirmé la réception · hors TVA (TVA collectée : 261,00\u00a0€)',
    );
    expect(driver[5]!.hint).toBe('Missions terminées cette année · hors TVA');
  });

  it('sums the 12 months exactly for screen readers, with the busiest month', () => {
    const chart: WalletChart = {
      role: 'driver',
      months: months([
        ['0.10', '0.00'],
        ['0.20', '0.30'],
        ['1234.50', '1000.00'],
      ]),
    };
    expect(chartSummary(chart)).toBe(
      'Graphique des 12 derniers mois. Gagné : 1\u202f234,80\u00a0€ au total ; reçu : 1\u202f000,30\u00a0€. Mois le plus élevé : m3 2026 (1\u202f234,50\u00a0€).',
    );
  });
});
