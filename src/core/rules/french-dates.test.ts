import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatDayMonth,
  formatFullDateTime,
  formatFullDay,
  formatLongDateTime,
  formatMonth,
  formatMonthYear,
  formatNumericDateTime,
  formatNumericDay,
  formatParisStamp,
  formatShortDateTime,
  formatShortDay,
  formatShortMonth,
  formatTime,
  formatWeekdayDateTime,
  formatWeekdayDay,
  parisInputValue,
} from './french-dates.js';

// 09:05 UTC in winter is 10:05 in Paris; 22:30 UTC on a summer evening is already the next day there.
const WINTER = '2026-11-24T09:05:00Z';
const SUMMER_NIGHT = new Date('2026-07-13T22:30:00Z');

describe('French dates, Paris time', () => {
  it('writes each format as French readers expect', () => {
    expect(formatDateTime(WINTER)).toBe('mar. 24 nov., 10:05');
    expect(formatShortDateTime(WINTER)).toBe('24 nov., 10:05');
    expect(formatNumericDateTime(WINTER)).toBe('24/11/2026 10:05');
    expect(formatLongDateTime(WINTER)).toBe('24 novembre 2026 à 10:05');
    expect(formatFullDateTime(WINTER)).toBe('mardi 24 novembre 2026 à 10:05');
    expect(formatWeekdayDateTime(WINTER)).toBe('mardi 24 novembre à 10:05');
    expect(formatDay(WINTER)).toBe('24 novembre 2026');
    expect(formatFullDay(WINTER)).toBe('mardi 24 novembre 2026');
    expect(formatWeekdayDay(WINTER)).toBe('mardi 24 novembre');
    expect(formatDayMonth(WINTER)).toBe('24 novembre');
    expect(formatShortDay(WINTER)).toBe('24 nov.');
    expect(formatMonthYear(WINTER)).toBe('novembre 2026');
    expect(formatMonth(WINTER)).toBe('novembre');
    expect(formatShortMonth(WINTER)).toBe('nov.');
    expect(formatTime(WINTER)).toBe('10:05');
    expect(formatNumericDay(WINTER)).toBe('24/11/2026');
    expect(parisInputValue(WINTER)).toBe('2026-11-24T10:05');
    expect(formatParisStamp(new Date('2025-03-12T13:05:09Z'))).toBe(
      '12 mars 2025 à 14:05:09 (heure de Paris, UTC+1)',
    );
  });

  it('reads instants on Paris clocks, not the machine’s', () => {
    expect(formatDay(SUMMER_NIGHT)).toBe('14 juillet 2026');
    expect(formatTime(SUMMER_NIGHT)).toBe('00:30');
    expect(formatNumericDay(SUMMER_NIGHT)).toBe('14/07/2026');
    expect(formatParisStamp(SUMMER_NIGHT)).toBe('14 juillet 2026 à 00:30:00 (heure de Paris, UTC+2)');
  });

  it('shows a calendar day as that day, in either season', () => {
    for (const day of ['2026-01-01', '2026-03-29', '2026-07-14', '2026-10-25', '2026-12-31']) {
      const [year, month, date] = day.split('-');
      expect(formatNumericDay(day)).toBe(`${date}/${month}/${year}`);
      expect(formatDay(day)).toMatch(new RegExp(`^${Number(date)} \\p{L}+ ${year}$`, 'u'));
    }
    expect(formatWeekdayDay('2026-12-14')).toBe('lundi 14 décembre');
  });
});
