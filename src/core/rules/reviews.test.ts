import { describe, expect, it } from 'vitest';
import { reputationLabel } from './reputation.js';
import {
  PRIOR_MEAN,
  REVIEW_WINDOW_DAYS,
  reputationScore,
  reviewClosesAt,
  reviewWindowOpen,
  SUB_SCORE_LABELS,
  SUB_SCORES_FOR,
} from './reviews.js';

const fifty = (rating: number, n = 50) => reputationScore(n, rating * n);

describe('reputation formula (Bayesian average)', () => {
  it('does not let one 5★ review beat fifty 4.8★ ones', () => {
    expect(reputationScore(1, 5)).toBeLessThan(fifty(4.8));
    expect(reputationScore(1, 5)).toBe(4.17);
    expect(fifty(4.8)).toBe(4.73);
    // Nor five perfect reviews.
    expect(reputationScore(5, 25)).toBeLessThan(fifty(4.8));
  });

  it('is 0 without reviews, and between 1 and 5 with any', () => {
    expect(reputationScore(0, 0)).toBe(0);
    expect(reputationScore(-1, 10)).toBe(0);
    for (const n of [1, 2, 10, 1000, 100_000]) {
      expect(reputationScore(n, n * 1)).toBeGreaterThanOrEqual(1);
      expect(reputationScore(n, n * 5)).toBeLessThanOrEqual(5);
    }
  });

  it('tends to the plain average as reviews accumulate, and starts from the prior', () => {
    expect(reputationScore(100_000, 100_000 * 3)).toBeCloseTo(3, 2);
    expect(reputationScore(1, PRIOR_MEAN)).toBe(PRIOR_MEAN);
    // More good reviews never lower the score; a bad one lowers it.
    expect(reputationScore(11, 55)).toBeGreaterThan(reputationScore(10, 50));
    expect(reputationScore(11, 51)).toBeLessThan(reputationScore(10, 50));
  });

  it('fits numeric(5,2): two decimals at most', () => {
    for (const [n, sum] of [
      [3, 13],
      [7, 29],
      [49, 200],
    ] as const) {
      const score = reputationScore(n, sum);
      expect(Math.round(score * 100) / 100).toBe(score);
    }
  });
});

describe('review window', () => {
  const completed = new Date('2030-03-01T10:00:00Z');
  it('closes 14 days after completion', () => {
    expect(REVIEW_WINDOW_DAYS).toBe(14);
    expect(reviewClosesAt(completed).toISOString()).toBe('2030-03-15T10:00:00.000Z');
    expect(reviewWindowOpen(completed, new Date('2030-03-15T09:59:59Z'))).toBe(true);
    expect(reviewWindowOpen(completed, new Date('2030-03-15T10:00:00Z'))).toBe(false);
    expect(reviewWindowOpen(null, completed)).toBe(false);
  });
});

describe('sub-scores', () => {
  it('asks the four of docs/specification.md about a driver, and no driving skill about a transporter', () => {
    expect(SUB_SCORES_FOR.driver).toHaveLength(4);
    expect(SUB_SCORES_FOR.transporter).not.toContain('drivingSkillScore');
    for (const role of ['driver', 'transporter'] as const)
      for (const key of SUB_SCORES_FOR[role]) expect(SUB_SCORE_LABELS[role][key]?.hint).toMatch(/\S/);
  });
});

describe('reputation label', () => {
  it('says the count when known, and nothing that looks like a mark before any review', () => {
    expect(reputationLabel('4.73', 50)).toBe('Réputation 4,73 / 5 · 50 avis');
    expect(reputationLabel('0.00', 0)).toBe('Pas encore d’avis');
  });
});
