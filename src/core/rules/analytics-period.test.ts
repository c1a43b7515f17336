import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  bucketLabel,
  changePercent,
  customPeriodProblems,
  periodMessages,
  rangeLabel,
  resolvePeriod,
} from './analytics-period.js';

describe('analytics periods', () => {
  it('30 and 90 days end today and compare with as many days just before', () => {
    expect(resolvePeriod('30d', '2026-03-15')).toEqual({
      kind: '30d',
      from: '2026-02-14',
      to: '2026-03-15',
      previousFrom: '2026-01-15',
      previousTo: '2026-02-13',
      bucket: 'week',
    });
    const ninety = resolvePeriod('90d', '2026-03-15');
    expect([ninety.from, ninety.previousFrom, ninety.previousTo, ninety.bucket]).toEqual([
      '2025-12-16',
      '2025-09-17',
      '2025-12-15',
      'week',
    ]);
  });

  it('12 months are whole calendar months ending with this one, compared with the same days a year earlier', () => {
    expect(resolvePeriod('12m', '2026-03-15')).toMatchObject({
      from: '2025-04-01',
      to: '2026-03-15',
      previousFrom: '2024-04-01',
      previousTo: '2025-03-15',
      bucket: 'month',
    });
  });

  it('this year runs from 1 January, against the same days last year (29 February falls back to the 28th)', () => {
    expect(resolvePeriod('ytd', '2028-02-29')).toMatchObject({
      from: '2028-01-01',
      to: '2028-02-29',
      previousFrom: '2027-01-01',
      previousTo: '2027-02-28',
      bucket: 'week',
    });
    expect(resolvePeriod('ytd', '2026-11-23').bucket).toBe('month');
  });

  it('a custom period is compared with as many days just before; weeks up to 92 days, months beyond', () => {
    expect(resolvePeriod('custom', '2026-03-15', { from: '2025-01-01', to: '2025-01-31' })).toMatchObject({
      from: '2025-01-01',
      to: '2025-01-31',
      previousFrom: '2024-12-01',
      previousTo: '2024-12-31',
      bucket: 'week',
    });
    expect(resolvePeriod('custom', '2026-03-15', { from: '2025-01-01', to: '2025-04-02' }).bucket).toBe(
      'week',
    );
    expect(resolvePeriod('custom', '2026-03-15', { from: '2025-01-01', to: '2025-04-03' }).bucket).toBe(
      'month',
    );
    // A single day against the day before.
    expect(resolvePeriod('custom', '2026-03-15', { from: '2025-03-01', to: '2025-03-01' })).toMatchObject({
      previousFrom: '2025-02-28',
      previousTo: '2025-02-28',
    });
  });

  it('checks a custom period: both days, in order, three years at most', () => {
    expect(customPeriodProblems(undefined, undefined)).toEqual({
      from: periodMessages.fromRequired,
      to: periodMessages.toRequired,
    });
    expect(customPeriodProblems('2025-02-01', '2025-01-31')).toEqual({ to: periodMessages.order });
    expect(customPeriodProblems('2020-01-01', '2022-12-31')).toEqual({});
    expect(customPeriodProblems('2020-01-01', '2023-01-01')).toEqual({ to: periodMessages.tooLong });
    expect(customPeriodProblems('2025-01-31', '2025-01-31')).toEqual({});
  });

  it('adds calendar months, clamped to the month’s end', () => {
    expect(addCalendarMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addCalendarMonths('2026-01-15', -12)).toBe('2025-01-15');
    expect(addCalendarMonths('2025-11-01', 3)).toBe('2026-02-01');
  });

  it('names periods and buckets in French', () => {
    expect(rangeLabel('2025-01-01', '2025-01-31')).toBe('du 1er janv. au 31 janv. 2025');
    expect(rangeLabel('2024-12-01', '2025-01-31')).toBe('du 1er déc. 2024 au 31 janv. 2025');
    expect(bucketLabel('month', '2026-11-01')).toBe('nov. 2026');
    expect(bucketLabel('week', '2026-11-02')).toBe('sem. du 2 nov.');
  });

  it('says the change in percent only when there is something to compare with', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(3, 0)).toBeNull();
    expect(changePercent(null, 10)).toBeNull();
    expect(changePercent(10, null)).toBeNull();
  });
});
