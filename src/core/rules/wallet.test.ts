import { describe, expect, it } from 'vitest';
import { TRANSACTION_CATEGORIES } from './money.js';
import {
  LINE_CATEGORIES,
  missionLineDetail,
  stateOfCategory,
  WALLET_LINE_STATES,
  WALLET_STATE_LABELS,
} from './wallet.js';

const line = {
  engagementType: 'independent' as const,
  method: 'transfer' as const,
  dueDate: '2026-12-15',
  paidOn: null,
  reference: null,
  disputeReason: null,
};

describe('the wallet’s lines', () => {
  it('names every state in each side’s words', () => {
    for (const state of WALLET_LINE_STATES) {
      expect(WALLET_STATE_LABELS.driver[state]).toBeTruthy();
      expect(WALLET_STATE_LABELS.transporter[state]).toBeTruthy();
    }
    expect(WALLET_STATE_LABELS.driver.owed).toBe('À recevoir');
    expect(WALLET_STATE_LABELS.driver.confirmed).toBe('Reçu');
    expect(WALLET_STATE_LABELS.transporter.owed).toBe('À régler');
  });

  it('lists as lines only categories the transactions have, the others being states', () => {
    for (const category of LINE_CATEGORIES) expect(TRANSACTION_CATEGORIES).toContain(category);
    expect(stateOfCategory('refund')).toBe('refunded');
    expect(stateOfCategory('deposit')).toBe('paid');
  });

  it('says how a mission’s payment goes, in one sentence', () => {
    expect(missionLineDetail(line)).toBe('Échéance le 15/12/2026');
    expect(missionLineDetail({ ...line, paidOn: '2026-12-10', reference: 'VIR-1105' })).toBe(
      'Échéance le 15/12/2026 · virement du 10/12/2026, réf. VIR-1105',
    );
    expect(
      missionLineDetail({
        ...line,
        method: 'stripe',
        paidOn: '2026-12-10',
        reference: 'tr_1',
        dueDate: null,
      }),
    ).toBe('Versement Stripe du 10/12/2026, réf. tr_1');
    expect(missionLineDetail({ ...line, disputeReason: 'Attente oubliée' })).toBe(
      'Échéance le 15/12/2026 · contesté : Attente oubliée',
    );
    expect(missionLineDetail({ ...line, engagementType: 'employment' })).toBe(
      'Rémunération brute, versée avec la paie · échéance le 15/12/2026',
    );
  });
});
