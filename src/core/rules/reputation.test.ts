import { describe, expect, it } from 'vitest';
import { reputationLabel } from './reputation.js';

describe('reputation', () => {
  it('shows no number before any review, and the score out of 5 after', () => {
    expect(reputationLabel('0')).toBe('Pas encore d’avis');
    expect(reputationLabel('4.80')).toBe('Réputation 4,8 / 5');
  });
});
