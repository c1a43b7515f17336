import { describe, expect, it } from 'vitest';
import {
  copyDay,
  frenchPublicHolidays,
  isWorkingDay,
  moveByDays,
  moveMissionTo,
  nextWorkingDay,
  occurrencesBetween,
  publishedLabel,
  recurrenceSummary,
  type RecurrenceRule,
  weekdaysLabel,
} from './recurrence.js';

describe('French public holidays', () => {
  it('has the eleven days, the movable ones from Easter (known Easter Sundays, the earliest and the latest)', () => {
    const y2026 = frenchPublicHolidays(2026);
    expect(y2026.size).toBe(11);
    expect(y2026.get('2026-04-06')).toBe('Lundi de Pâques'); // Easter 5 April 2026
    expect(y2026.get('2026-05-14')).toBe('Ascension');
    expect(y2026.get('2026-05-25')).toBe('Lundi de Pentecôte');
    expect(frenchPublicHolidays(2027).get('2027-03-29')).toBe('Lundi de Pâques'); // Easter 28 March 2027
    expect(frenchPublicHolidays(2025).get('2025-04-21')).toBe('Lundi de Pâques'); // Easter 20 April 2025
    expect(frenchPublicHolidays(2285).get('2285-03-23')).toBe('Lundi de Pâques'); // Easter 22 March, earliest
    expect(frenchPublicHolidays(2038).get('2038-04-26')).toBe('Lundi de Pâques'); // Easter 25 April, latest
    expect(frenchPublicHolidays(2026).get('2026-07-14')).toBe('Fête nationale');
  });

  it('counts weekdays that are not holidays as working days', () => {
    expect(isWorkingDay('2026-12-24')).toBe(true); // Thursday
    expect(isWorkingDay('2026-12-25')).toBe(false); // Christmas, a Friday
    expect(isWorkingDay('2026-12-26')).toBe(false); // Saturday
    expect(nextWorkingDay('2026-12-24')).toBe('2026-12-28');
    expect(nextWorkingDay('2026-04-03')).toBe('2026-04-07'); // Friday → past Easter Monday
  });
});

describe('moving a mission', () => {
  it('keeps the Paris wall time across a change of clocks', () => {
    // Friday 26 March 2027 06:00 in Paris (UTC+1) → Monday 29 March 06:00 (UTC+2).
    expect(moveByDays('2027-03-26T05:00:00.000Z', 3).toISOString()).toBe('2027-03-29T04:00:00.000Z');
    expect(moveByDays(new Date('2027-03-29T04:00:00.000Z'), -3).toISOString()).toBe(
      '2027-03-26T05:00:00.000Z',
    );
  });

  it('moves every instant together and leaves the rest, as strings or dates', () => {
    const moved = moveMissionTo(
      {
        title: 'Rungis → Lille',
        startDate: '2026-12-01T05:00:00.000Z', // Tuesday 06:00
        endDate: '2026-12-02T17:00:00.000Z', // the next day at 18:00
        loadingStart: '2026-12-01T05:30:00.000Z',
        loadingEnd: null,
        deliveryStart: '',
      },
      '2026-12-10',
    );
    expect(moved).toEqual({
      title: 'Rungis → Lille',
      startDate: '2026-12-10T05:00:00.000Z',
      endDate: '2026-12-11T17:00:00.000Z',
      loadingStart: '2026-12-10T05:30:00.000Z',
      loadingEnd: null,
      deliveryStart: '',
    });
    const asDates = moveMissionTo({ startDate: new Date('2026-12-01T05:00:00.000Z') }, '2026-11-30');
    expect(asDates.startDate).toEqual(new Date('2026-11-30T05:00:00.000Z'));
  });

  it('copies to the next working day after today', () => {
    expect(copyDay(new Date('2026-12-24T10:00:00Z'))).toBe('2026-12-28');
    expect(copyDay(new Date('2026-11-29T22:30:00Z'))).toBe('2026-11-30'); // Sunday 23:30 in Paris
    expect(copyDay(new Date('2026-11-29T23:30:00Z'))).toBe('2026-12-01'); // already Monday 00:30 in Paris
  });
});

describe('recurrence', () => {
  const mondays: RecurrenceRule = {
    weekdays: [1],
    firstDay: '2027-03-01',
    until: null,
    count: null,
    holidays: 'skip',
  };

  it('gives the days of the week asked, from the first day, within the window', () => {
    expect(occurrencesBetween(mondays, '2027-03-01', '2027-03-22').map((o) => o.day)).toEqual([
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
      '2027-03-22',
    ]);
    expect(occurrencesBetween(mondays, '2027-03-09', '2027-03-16').map((o) => o.day)).toEqual(['2027-03-15']);
    expect(
      occurrencesBetween({ ...mondays, firstDay: '2027-03-02' }, '2027-03-01', '2027-03-08'),
    ).toHaveLength(1);
  });

  it('skips a holiday, or moves it to the next working day, as chosen', () => {
    // Easter Monday 29 March 2027.
    expect(occurrencesBetween(mondays, '2027-03-22', '2027-04-05').map((o) => o.day)).toEqual([
      '2027-03-22',
      '2027-04-05',
    ]);
    const moved = occurrencesBetween(
      { ...mondays, holidays: 'next_working_day' },
      '2027-03-22',
      '2027-04-05',
    );
    expect(moved).toEqual([
      { due: '2027-03-22', day: '2027-03-22', holiday: null },
      { due: '2027-03-29', day: '2027-03-30', holiday: 'Lundi de Pâques' },
      { due: '2027-04-05', day: '2027-04-05', holiday: null },
    ]);
  });

  it('skips a moved holiday that would land on one of the rule’s own days, or past its end', () => {
    // Monday and Tuesday: Easter Monday (29 March 2027) would double Tuesday 30.
    const both = { ...mondays, weekdays: [1, 2], holidays: 'next_working_day' as const };
    expect(occurrencesBetween(both, '2027-03-29', '2027-03-31').map((o) => o.day)).toEqual(['2027-03-30']);
    // Fridays until Christmas (Friday 25 December 2026): moved to Monday 28, past the end.
    const fridays = { ...both, weekdays: [5], firstDay: '2026-12-18', until: '2026-12-25' };
    expect(occurrencesBetween(fridays, '2026-12-01', '2027-01-31').map((o) => o.day)).toEqual(['2026-12-18']);
  });

  it('gives the whole count, however far it goes, less what was counted before an edit', () => {
    const weekly = { ...mondays, count: 200 };
    const all = occurrencesBetween(weekly, '2027-03-01', '2035-12-31');
    expect(all).toHaveLength(200);
    expect(occurrencesBetween({ ...weekly, countedBefore: 150 }, '2027-03-01', '2035-12-31')).toHaveLength(
      50,
    );
  });

  it('stops at the end date or after the count, counting from the first day whatever the window', () => {
    const until = { ...mondays, until: '2027-03-15' };
    expect(occurrencesBetween(until, '2027-03-01', '2027-12-31').map((o) => o.day)).toEqual([
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
    ]);
    // Three missions, the skipped Easter Monday not counted; a later window sees only what is left.
    const three = { ...mondays, firstDay: '2027-03-15', count: 3 };
    expect(occurrencesBetween(three, '2027-03-01', '2027-12-31').map((o) => o.day)).toEqual([
      '2027-03-15',
      '2027-03-22',
      '2027-04-05',
    ]);
    expect(occurrencesBetween(three, '2027-03-23', '2027-12-31').map((o) => o.day)).toEqual(['2027-04-05']);
  });

  it('says the rule and what it published in French', () => {
    expect(recurrenceSummary({ ...mondays, until: '2027-03-31', leadDays: 1 })).toBe(
      'Chaque lundi, jusqu’au 31 mars 2027 · publiée 1 jour avant · pas de mission les jours fériés',
    );
    expect(recurrenceSummary({ ...mondays, count: 1, leadDays: 7, holidays: 'next_working_day' })).toBe(
      'Chaque lundi, 1 mission en tout · publiée 7 jours avant · jours fériés : décalée au jour ouvré suivant',
    );
    expect(publishedLabel(1)).toBe('1 mission publiée');
    expect(publishedLabel(4)).toBe('4 missions publiées');
  });

  it('says the days in French', () => {
    expect(weekdaysLabel([1])).toBe('chaque lundi');
    expect(weekdaysLabel([4, 1])).toBe('chaque lundi et jeudi');
    expect(weekdaysLabel([1, 3, 5])).toBe('chaque lundi, mercredi et vendredi');
    expect(weekdaysLabel([1, 2, 3, 4, 5])).toBe('du lundi au vendredi');
    expect(weekdaysLabel([1, 2, 3, 4, 5, 6, 7])).toBe('tous les jours');
  });
});
