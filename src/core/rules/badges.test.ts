import { describe, expect, it } from 'vitest';
import {
  BADGE_LABELS,
  BADGE_MEANINGS,
  badgeProgress,
  COMPUTED_BADGES,
  earnedBadges,
  isExpert,
  isFastResponder,
  isReliable,
  isSafetyChampion,
  isTopRated,
  reachesPercent,
  type DriverBadgeFigures,
} from './badges.js';
import { BADGE_TYPES } from './enums.js';

const none: DriverBadgeFigures = {
  reliable: { started: 0, onTime: 0 },
  expert: { completed: 0 },
  top_rated: { reviews: 0, ratingSum: 0 },
  fast_responder: { conversations: 0, answeredInTime: 0 },
  safety_champion: { completed: 0, incidents: 0 },
};

describe('badge rules at their thresholds', () => {
  it('reaches a percentage in whole numbers: 94.9 % is not 95 %, 95 % is', () => {
    expect(reachesPercent(949, 1000, 95)).toBe(false);
    expect(reachesPercent(950, 1000, 95)).toBe(true);
    expect(reachesPercent(0, 0, 95)).toBe(false);
    // 0.9 × 10 is not exactly 9 in floating point: the whole-number comparison is.
    expect(reachesPercent(9, 10, 90)).toBe(true);
  });

  it('reliable: 20 missions started are needed, 95 % of them on time', () => {
    expect(isReliable({ started: 19, onTime: 19 })).toBe(false);
    expect(isReliable({ started: 20, onTime: 19 })).toBe(true);
    expect(isReliable({ started: 20, onTime: 20 })).toBe(true);
    expect(isReliable({ started: 20, onTime: 18 })).toBe(false);
  });

  it('expert: 100 completed missions, not 99', () => {
    expect(isExpert({ completed: 99 })).toBe(false);
    expect(isExpert({ completed: 100 })).toBe(true);
  });

  it('top rated: an average of 4.8 over 50 reviewed missions', () => {
    // 50 reviews averaging exactly 4.8 (40 × 5 + 10 × 4 = 240).
    expect(isTopRated({ reviews: 50, ratingSum: 240 })).toBe(true);
    expect(isTopRated({ reviews: 50, ratingSum: 239 })).toBe(false);
    // 49 perfect reviews are not enough.
    expect(isTopRated({ reviews: 49, ratingSum: 245 })).toBe(false);
    // 4.79 over 100 reviews falls short; 4.80 does not.
    expect(isTopRated({ reviews: 100, ratingSum: 479 })).toBe(false);
    expect(isTopRated({ reviews: 100, ratingSum: 480 })).toBe(true);
  });

  it('fast responder: 10 conversations at least, 90 % answered within the hour', () => {
    expect(isFastResponder({ conversations: 10, answeredInTime: 9 })).toBe(true);
    expect(isFastResponder({ conversations: 100, answeredInTime: 89 })).toBe(false);
    expect(isFastResponder({ conversations: 100, answeredInTime: 90 })).toBe(true);
    expect(isFastResponder({ conversations: 9, answeredInTime: 9 })).toBe(false);
    expect(isFastResponder({ conversations: 10, answeredInTime: 8 })).toBe(false);
  });

  it('safety champion: 50 completed missions without one accident or damage', () => {
    expect(isSafetyChampion({ completed: 49, incidents: 0 })).toBe(false);
    expect(isSafetyChampion({ completed: 50, incidents: 0 })).toBe(true);
    expect(isSafetyChampion({ completed: 50, incidents: 1 })).toBe(false);
  });

  it('earns every computed badge whose figures reach it, never eco_driver', () => {
    expect(earnedBadges(none)).toEqual([]);
    const all: DriverBadgeFigures = {
      reliable: { started: 20, onTime: 20 },
      expert: { completed: 120 },
      top_rated: { reviews: 60, ratingSum: 300 },
      fast_responder: { conversations: 12, answeredInTime: 12 },
      safety_champion: { completed: 50, incidents: 0 },
    };
    expect(earnedBadges(all)).toEqual([...COMPUTED_BADGES]);
    expect(earnedBadges({ ...all, safety_champion: { completed: 50, incidents: 1 } })).not.toContain(
      'safety_champion',
    );
  });
});

describe('what badges say', () => {
  it('has a label and a meaning for every badge type', () => {
    for (const type of BADGE_TYPES) {
      expect(BADGE_LABELS[type]).toBeTruthy();
      expect(BADGE_MEANINGS[type]).toMatch(/\.$/);
      expect(BADGE_MEANINGS[type]).not.toMatch(/'/);
    }
  });

  it('tells the driver where they stand, full once the badge is met', () => {
    expect(badgeProgress('expert', { ...none, expert: { completed: 42 } })).toEqual({
      ratio: 0.42,
      summary: '42 missions terminées sur 100.',
    });
    expect(badgeProgress('expert', { ...none, expert: { completed: 1 } }).summary).toBe(
      '1 mission terminée sur 100.',
    );
    expect(badgeProgress('reliable', { ...none, reliable: { started: 20, onTime: 19 } })).toEqual({
      ratio: 1,
      summary: '19 départs à l’heure sur vos 20 dernières missions (95 %, 95 % demandés).',
    });
    expect(badgeProgress('reliable', { ...none, reliable: { started: 5, onTime: 4 } }).summary).toBe(
      '5 missions démarrées sur les 20 nécessaires, dont 4 à l’heure.',
    );
    expect(badgeProgress('top_rated', { ...none, top_rated: { reviews: 50, ratingSum: 239 } }).summary).toBe(
      '50 missions notées sur 50, moyenne 4,78 / 5 (4,8 demandés).',
    );
    expect(badgeProgress('top_rated', none).ratio).toBe(0);
    expect(
      badgeProgress('safety_champion', { ...none, safety_champion: { completed: 50, incidents: 1 } }),
    ).toEqual({
      ratio: 0,
      summary: 'Sur vos 50 dernières missions terminées : 1 accident ou dommage signalé.',
    });
    expect(
      badgeProgress('fast_responder', { ...none, fast_responder: { conversations: 10, answeredInTime: 9 } })
        .ratio,
    ).toBe(1);
    for (const type of COMPUTED_BADGES) {
      const { ratio, summary } = badgeProgress(type, none);
      expect(ratio).toBeGreaterThanOrEqual(0);
      expect(summary).toMatch(/\.$/);
    }
  });
});
