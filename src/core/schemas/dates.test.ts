import { describe, expect, it } from 'vitest';
import { addMonths, dateSchema, daySchema, parisOffsetMinutes, parseDate } from './dates.js';

const iso = (value: string) => {
  const parsed = parseDate(value);
  return parsed.ok ? parsed.date.toISOString() : null;
};

describe('dates', () => {
  it('refuses impossible calendar dates instead of rolling them over', () => {
    expect(iso('2030-02-30')).toBeNull();
    expect(iso('2030-02-29')).toBeNull();
    expect(iso('2028-02-29')).not.toBeNull();
    expect(iso('2100-02-29')).toBeNull();
    expect(iso('2000-02-29')).not.toBeNull();
    expect(iso('2030-04-31')).toBeNull();
    expect(iso('2030-13-01')).toBeNull();
    expect(iso('2030-00-10')).toBeNull();
    expect(iso('2030-01-10T24:00')).toBeNull();
    expect(iso('2030-01-10T10:60')).toBeNull();
    expect(iso('2030-01-10T10:00+15:00')).toBeNull();
    expect(iso('demain')).toBeNull();
    expect(iso('2030-1-1')).toBeNull();
  });

  it('reads a time without an offset in Europe/Paris, winter and summer', () => {
    expect(iso('2030-01-15T06:00')).toBe('2030-01-15T05:00:00.000Z');
    expect(iso('2030-07-15T06:00')).toBe('2030-07-15T04:00:00.000Z');
    expect(iso('2030-07-15')).toBe('2030-07-14T22:00:00.000Z');
    expect(parisOffsetMinutes(Date.UTC(2030, 0, 15))).toBe(60);
    expect(parisOffsetMinutes(Date.UTC(2030, 6, 15))).toBe(120);
  });

  it('keeps an explicit offset or Z', () => {
    expect(iso('2030-07-15T06:00:00Z')).toBe('2030-07-15T06:00:00.000Z');
    expect(iso('2030-07-15T06:00:00.123+05:30')).toBe('2030-07-15T00:30:00.123Z');
    expect(iso('2030-07-15T06:00:00-0100')).toBe('2030-07-15T07:00:00.000Z');
  });

  it('handles the hours that do not exist or happen twice when clocks change', () => {
    // 2030-03-31 02:30 does not exist in Paris; 2030-10-27 02:30 happens twice (the first is taken).
    expect(iso('2030-03-31T02:30')).not.toBeNull();
    expect(iso('2030-10-27T02:30')).toBe('2030-10-27T00:30:00.000Z');
  });

  it('bounds filters between 2000 and 2100, and a field may set its own window', () => {
    const filter = dateSchema({ invalid: 'Date invalide' });
    expect(filter.safeParse('0000-01-01').success).toBe(false);
    expect(filter.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(filter.safeParse('1999-12-31T23:00:00Z').success).toBe(true); // midnight in Paris
    expect(filter.safeParse('1999-12-31T22:59:59Z').success).toBe(false);
    expect(filter.safeParse('2101-01-01').success).toBe(false);
    expect(filter.safeParse('+275760-09-13').success).toBe(false);
    const soon = dateSchema({
      invalid: 'Date invalide',
      min: () => new Date('2030-01-01T00:00:00Z'),
      max: () => new Date('2030-02-01T00:00:00Z'),
      outOfRange: 'Hors période',
    });
    expect(soon.safeParse('2030-03-01').error?.issues[0]?.message).toBe('Hors période');
    expect(soon.parse('2030-01-10T08:00')).toEqual(new Date('2030-01-10T07:00:00Z'));
  });

  it('reads a bare day as its end for "until" filters', () => {
    const until = dateSchema({ invalid: 'Date invalide', endOfDay: true });
    expect(until.parse('2030-07-15').toISOString()).toBe('2030-07-15T21:59:59.999Z');
    expect(until.parse('2030-07-15T10:00Z').toISOString()).toBe('2030-07-15T10:00:00.000Z');
  });

  it('checks days kept as text', () => {
    const day = daySchema('Jour invalide');
    expect(day.safeParse('2030-02-28').success).toBe(true);
    expect(day.safeParse('2030-02-30').success).toBe(false);
    expect(day.safeParse('0000-01-01').success).toBe(false);
  });

  it('adds months without spilling into the next month', () => {
    expect(addMonths(new Date('2030-01-31T10:00:00Z'), 1).toISOString()).toBe('2030-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2030-05-15T10:00:00Z'), 12).toISOString()).toBe('2031-05-15T10:00:00.000Z');
  });
});
