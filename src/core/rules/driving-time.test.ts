import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missionDriving, routeLabel, type MissionRoute } from './driving-time-estimate.js';
import { drivingTimeSentences } from './driving-time-text.js';
import { haversineKm } from './tracking.js';
import {
  buildDrivingSchedule,
  type DrivingActivity,
  type DrivingSchedule,
  type MissionActivity,
} from './driving-time-schedule.js';
import {
  breakBreaches,
  checkDrivingTime,
  dailyDrivingBreaches,
  dailyRestBreaches,
  fortnightDrivingBreaches,
  weeklyDrivingBreaches,
  weeklyRestBreaches,
  type Breach,
} from './driving-time.js';

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

// Monday 23 November 2026, winter time in Paris (UTC+1): « 2026-11-23T06:00 » is 06:00 on Paris clocks.
const paris = (local: string) => new Date(`${local}:00+01:00`);
const mission = (id: string, start: string, end: string, drivingMinutes: number): MissionActivity => ({
  kind: 'mission',
  id,
  start: paris(start),
  end: paris(end),
  drivingMinutes,
});
const declared = (day: string, drivingMinutes: number): DrivingActivity => ({
  kind: 'declared',
  day,
  drivingMinutes,
});
/** One mission a day, from `from` to `to`, on each day given (a number: that day of November 2026). */
const days = (dates: (number | string)[], from: string, to: string, driving: number | number[]) =>
  dates.map((date, index) => {
    const day = typeof date === 'string' ? date : `2026-11-${String(date).padStart(2, '0')}`;
    return mission(
      `d${day}`,
      `${day}T${from}`,
      `${day}T${to}`,
      Array.isArray(driving) ? driving[index]! : driving,
    );
  });
const H = 60;
const rules = (breaches: Breach[]) => breaches.map((breach) => breach.rule);

describe('the driving of a mission', () => {
  it('takes a routing service’s figures as they are, to the kilometre and up to the minute', () => {
    const route: MissionRoute = { source: 'routing', distanceKm: 123.4, durationMinutes: 100.2 };
    expect(missionDriving(route)).toEqual({ distanceKm: 123, drivingMinutes: 101, source: 'routing' });
  });

  it('estimates from the straight line × 1.3 at 65 km/h, up to the next 5 minutes', () => {
    // Rungis → Corbas (Lyon): 393 km in a straight line, 511 km by the estimate, 471 minutes → 7 h 55 at the wheel.
    const route: MissionRoute = {
      source: 'estimate',
      pickup: { latitude: 48.7469, longitude: 2.3522 },
      delivery: { latitude: 45.6683, longitude: 4.9022 },
    };
    expect(missionDriving(route)).toEqual({ distanceKm: 511, drivingMinutes: 475, source: 'estimate' });
    const here = { latitude: 48.8566, longitude: 2.3522 };
    expect(missionDriving({ source: 'estimate', pickup: here, delivery: here })).toEqual({
      distanceKm: 0,
      drivingMinutes: 0,
      source: 'estimate',
    });
    // Anywhere in mainland France: never less than the distance at 65 km/h, never 5 minutes more.
    const place = fc.record({
      latitude: fc.double({ min: 42.3, max: 51.1, noNaN: true }),
      longitude: fc.double({ min: -4.8, max: 8.2, noNaN: true }),
    });
    fc.assert(
      fc.property(place, place, (pickup, delivery) => {
        const { distanceKm, drivingMinutes } = missionDriving({ source: 'estimate', pickup, delivery });
        const exact = ((haversineKm(pickup, delivery) * 1.3) / 65) * 60;
        expect(drivingMinutes % 5).toBe(0);
        expect(drivingMinutes).toBeGreaterThanOrEqual(exact);
        expect(drivingMinutes).toBeLessThan(exact + 5);
        expect(Math.abs(distanceKm - haversineKm(pickup, delivery) * 1.3)).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 200, seed: 13 },
    );
  });

  it('refuses figures that are not', () => {
    expect(() => missionDriving({ source: 'routing', distanceKm: -1, durationMinutes: 10 })).toThrow(
      RangeError,
    );
    expect(() => missionDriving({ source: 'routing', distanceKm: 1, durationMinutes: NaN })).toThrow(
      RangeError,
    );
    const nowhere = { latitude: NaN, longitude: 2 };
    expect(() => missionDriving({ source: 'estimate', pickup: nowhere, delivery: nowhere })).toThrow(
      RangeError,
    );
  });
});

describe('the route as cards and sheets say it', () => {
  it('reads « 1 273 km · 4 h 15 de conduite », with French spaces', () => {
    expect(routeLabel({ distanceKm: 1273, drivingMinutes: 255 })).toBe(
      '1\u202f273\u00a0km · 4 h 15 de conduite',
    );
    expect(routeLabel({ distanceKm: 12, drivingMinutes: 15 })).toBe('12\u00a0km · 15 min de conduite');
  });
});

describe('the schedule: driving laid out inside the missions', () => {
  const layout = (schedule: DrivingSchedule) =>
    schedule.periods.map((period) => [
      period.kind,
      period.missionId,
      (period.end.getTime() - period.start.getTime()) / 60_000,
    ]);

  it('drives from the start, with the 45-minute break after 4 h 30, then other work', () => {
    const schedule = buildDrivingSchedule([mission('m', '2026-11-23T06:00', '2026-11-23T13:00', 5 * H)]);
    expect(layout(schedule)).toEqual([
      ['driving', 'm', 270],
      ['break', 'm', 45],
      ['driving', 'm', 30],
      ['work', 'm', 75],
    ]);
    expect(schedule.periods[1]!.start).toEqual(paris('2026-11-23T10:30'));
  });

  it('counts the driving of the mission before: the break comes when the day’s 4 h 30 are reached', () => {
    const schedule = buildDrivingSchedule([
      mission('a', '2026-11-23T06:00', '2026-11-23T09:00', 3 * H),
      mission('b', '2026-11-23T09:10', '2026-11-23T13:10', 3 * H),
    ]);
    expect(layout(schedule)).toEqual([
      ['driving', 'a', 180],
      ['driving', 'b', 90],
      ['break', 'b', 45],
      ['driving', 'b', 90],
      ['work', 'b', 15],
    ]);
  });

  it('drives on when the period leaves no time for the break, and past its end when it is shorter than the driving', () => {
    expect(layout(buildDrivingSchedule([mission('m', '2026-11-23T06:00', '2026-11-23T10:31', 271)]))).toEqual(
      [['driving', 'm', 271]],
    );
    const late = buildDrivingSchedule([mission('m', '2026-11-23T06:00', '2026-11-23T07:00', 90)]);
    expect(late.periods.at(-1)!.end).toEqual(paris('2026-11-23T07:30'));
  });

  it('adds up the driving declared for a day, and lets the mission checked replace its older version', () => {
    const schedule = buildDrivingSchedule(
      [
        declared('2026-11-24', 60),
        declared('2026-11-24', 30),
        mission('m', '2026-11-23T06:00', '2026-11-23T08:00', 60),
      ],
      mission('m', '2026-11-23T06:00', '2026-11-23T08:00', 90),
    );
    expect(schedule.declared).toEqual([{ day: '2026-11-24', drivingMinutes: 90 }]);
    expect(layout(schedule)).toEqual([
      ['driving', 'm', 90],
      ['work', 'm', 30],
    ]);
    expect(schedule.candidateId).toBe('m');
  });

  it('refuses a mission that ends before it starts, negative driving, a day written otherwise', () => {
    expect(() => buildDrivingSchedule([mission('m', '2026-11-23T08:00', '2026-11-23T06:00', 0)])).toThrow(
      RangeError,
    );
    expect(() => buildDrivingSchedule([mission('m', '2026-11-23T06:00', '2026-11-23T08:00', -1)])).toThrow(
      RangeError,
    );
    expect(() => buildDrivingSchedule([declared('24/11/2026', 60)])).toThrow(RangeError);
  });
});

describe('daily driving (article 6, paragraph 1)', () => {
  // 06:00 to 18:00 holds 10 h of driving and its two breaks; 12 h of rest between days.
  it('allows a day of 10 h twice in the week, not a third time', () => {
    expect(dailyDrivingBreaches(buildDrivingSchedule(days([23, 24], '06:00', '18:00', 10 * H)))).toEqual([]);
    const verdict = checkDrivingTime(days([23, 24, 25], '06:00', '18:00', 10 * H));
    expect(verdict.ok).toBe(false);
    expect(verdict.breaches).toEqual([
      {
        rule: 'daily-driving',
        article: 'article 6, paragraphe 1',
        limitMinutes: 9 * H,
        valueMinutes: 10 * H,
        day: '2026-11-25',
        from: null,
        responsibility: 'both',
        concernsCandidate: false,
      },
    ]);
    // The next week has its own two days of 10 h.
    expect(checkDrivingTime(days([23, 24, 30, '2026-12-01'], '06:00', '18:00', 10 * H)).breaches).toEqual([]);
  });

  it('refuses a day past 10 h, and counts a day from one rest to the next, not by the calendar', () => {
    expect(
      dailyDrivingBreaches(buildDrivingSchedule(days([23], '06:00', '18:00', 10 * H + 30))),
    ).toMatchObject([{ limitMinutes: 10 * H, valueMinutes: 10 * H + 30, day: '2026-11-23' }]);
    // 4 h 30 in the evening, 45 min off, 5 h after midnight: one day of 9 h 30, begun on Monday.
    const night = [mission('a', '2026-11-23T17:00', '2026-11-23T22:00', 270)];
    const verdict = checkDrivingTime(night, mission('b', '2026-11-23T22:45', '2026-11-24T04:45', 300));
    expect(verdict.ok).toBe(true);
    expect(verdict.figures).toMatchObject({
      dayDrivingMinutes: 570,
      dayLimitMinutes: 10 * H,
      extendedDays: 1,
    });
  });

  it('adds the driving declared for a day to the first Relais day begun on it; alone, it is the driver’s', () => {
    const afternoon = mission('m', '2026-11-24T14:00', '2026-11-24T20:00', 5 * H);
    expect(checkDrivingTime([declared('2026-11-24', 4 * H)], afternoon).ok).toBe(true);
    expect(checkDrivingTime([declared('2026-11-24', 5 * H + 30)], afternoon).breaches).toMatchObject([
      { rule: 'daily-driving', valueMinutes: 10 * H + 30, responsibility: 'both', concernsCandidate: true },
    ]);
    const alone = checkDrivingTime([declared('2026-11-25', 11 * H)]);
    expect(alone.breaches).toMatchObject([
      { rule: 'daily-driving', day: '2026-11-25', responsibility: 'driver' },
    ]);
  });
});

describe('weekly and fortnightly driving (article 6, paragraphs 2 and 3)', () => {
  // Monday to Saturday, 06:00 to 18:00: 10 + 10 + 9 + 9 + 9 + 9 = 56 h, the weekly rest from Saturday evening.
  const fullWeek = days([23, 24, 25, 26, 27, 28], '06:00', '18:00', [
    10 * H,
    10 * H,
    9 * H,
    9 * H,
    9 * H,
    9 * H,
  ]);

  it('allows 56 h in the week, not a minute more', () => {
    const verdict = checkDrivingTime(fullWeek);
    expect(verdict.ok).toBe(true);
    expect(verdict.figures).toMatchObject({
      week: '2026-11-23',
      weekDrivingMinutes: 56 * H,
      weekLimitMinutes: 56 * H,
      extendedDays: 2,
    });
    const over = weeklyDrivingBreaches(buildDrivingSchedule([...fullWeek, declared('2026-11-29', 1)]));
    expect(over).toEqual([
      {
        rule: 'weekly-driving',
        article: 'article 6, paragraphe 2',
        limitMinutes: 56 * H,
        valueMinutes: 56 * H + 1,
        day: '2026-11-23',
        from: null,
        responsibility: 'both',
        concernsCandidate: false,
      },
    ]);
  });

  it('allows 90 h over two weeks, not a minute more', () => {
    const secondWeek = (hours: number[]) =>
      days(
        [30, '2026-12-01', '2026-12-02', '2026-12-03'],
        '06:00',
        '18:00',
        hours.map((h) => h * H),
      );
    const ninety = [...fullWeek, ...secondWeek([9, 9, 8, 8])];
    expect(fortnightDrivingBreaches(buildDrivingSchedule(ninety))).toEqual([]);
    expect(
      fortnightDrivingBreaches(buildDrivingSchedule([...ninety, declared('2026-12-04', 1)])),
    ).toMatchObject([{ valueMinutes: 90 * H + 1, day: '2026-11-23' }]);
    const verdict = checkDrivingTime(fullWeek.concat(secondWeek([9, 9, 9, 8])));
    expect(verdict.breaches).toEqual([
      {
        rule: 'fortnight-driving',
        article: 'article 6, paragraphe 3',
        limitMinutes: 90 * H,
        valueMinutes: 91 * H,
        day: '2026-11-23',
        from: null,
        responsibility: 'both',
        concernsCandidate: false,
      },
    ]);
    expect(verdict.figures).toMatchObject({ week: '2026-11-30', fortnightDrivingMinutes: 91 * H });
    expect(drivingTimeSentences(verdict).driver.map(plain)).toEqual([
      'Votre conduite des semaines du 23 novembre et du 30 novembre atteint 91 h sur 90 h autorisées (article 6, paragraphe 3, du règlement (CE) n° 561/2006).',
    ]);
  });

  it('cuts the driving at Monday 00:00 on Paris clocks, in winter and in summer time', () => {
    // Sunday 22 November 23:00 to Monday 01:00 in Paris (UTC+1).
    const winter = checkDrivingTime([], {
      kind: 'mission',
      id: 'w',
      start: Date.parse('2026-11-22T22:00:00Z'),
      end: Date.parse('2026-11-23T00:00:00Z'),
      drivingMinutes: 120,
    });
    expect(winter.figures).toMatchObject({
      week: '2026-11-16',
      weekDrivingMinutes: 60,
      fortnightDrivingMinutes: 120,
    });
    // Sunday 29 March 2026, the night summer time begins: Monday 00:00 in Paris is 22:00 UTC.
    const summer = checkDrivingTime([], {
      kind: 'mission',
      id: 's',
      start: new Date('2026-03-29T21:00:00Z'),
      end: new Date('2026-03-29T23:00:00Z'),
      drivingMinutes: 120,
    });
    expect(summer.figures).toMatchObject({
      week: '2026-03-23',
      weekDrivingMinutes: 60,
      fortnightDrivingMinutes: 120,
    });
  });
});

describe('breaks (article 7)', () => {
  it('allows 4 h 30 then a 45-minute break, not 4 h 31 without one', () => {
    const withBreak = [
      mission('a', '2026-11-23T08:00', '2026-11-23T12:30', 270),
      mission('b', '2026-11-23T13:15', '2026-11-23T14:15', 60),
    ];
    expect(breakBreaches(buildDrivingSchedule(withBreak))).toEqual([]);
    expect(
      breakBreaches(buildDrivingSchedule([mission('a', '2026-11-23T08:00', '2026-11-23T12:31', 271)])),
    ).toEqual([
      {
        rule: 'break',
        article: 'article 7',
        limitMinutes: 270,
        valueMinutes: 271,
        day: '2026-11-23',
        from: paris('2026-11-23T08:00'),
        responsibility: 'both',
        concernsCandidate: false,
      },
    ]);
  });

  it('takes the break at the start of the next mission when its period allows it', () => {
    const morning = [mission('a', '2026-11-23T08:00', '2026-11-23T12:30', 270)];
    expect(checkDrivingTime(morning, mission('b', '2026-11-23T12:30', '2026-11-23T14:15', 60)).ok).toBe(true);
    const tight = checkDrivingTime(morning, mission('b', '2026-11-23T12:30', '2026-11-23T13:30', 60));
    expect(tight.ok).toBe(false);
    expect(tight.breaches).toMatchObject([{ rule: 'break', valueMinutes: 330, concernsCandidate: true }]);
  });

  it('allows the break split 15 then 30 minutes, not 30 then 15', () => {
    const split = (first: number, second: number) => {
      const at = (minutes: number) => new Date(paris('2026-11-23T08:00').getTime() + minutes * 60_000);
      const a = { kind: 'mission', id: 'a', start: at(0), end: at(120), drivingMinutes: 120 } as const;
      const b = { ...a, id: 'b', start: at(120 + first), end: at(270 + first), drivingMinutes: 150 };
      const c = {
        ...a,
        id: 'c',
        start: at(270 + first + second),
        end: at(330 + first + second),
        drivingMinutes: 60,
      };
      return breakBreaches(buildDrivingSchedule([a, b, c]));
    };
    expect(split(15, 30)).toEqual([]);
    expect(split(30, 15)).toMatchObject([{ valueMinutes: 330, limitMinutes: 270 }]);
  });

  it('does not take other work for a break', () => {
    // Three hours of driving then an hour unloading, then two more hours at the wheel: 5 h without a break.
    const schedule = buildDrivingSchedule([
      mission('a', '2026-11-23T08:00', '2026-11-23T12:00', 180),
      mission('b', '2026-11-23T12:00', '2026-11-23T14:00', 120),
    ]);
    expect(breakBreaches(schedule)).toMatchObject([{ valueMinutes: 300 }]);
  });
});

describe('daily rest (article 8, paragraphs 1, 2 and 4)', () => {
  it('allows 11 h of rest every day', () => {
    expect(
      dailyRestBreaches(buildDrivingSchedule(days([23, 24, 25, 26, 27], '06:00', '19:00', 9 * H))),
    ).toEqual([]);
  });

  it('allows a rest reduced to 9 h three times between two weekly rests, not a fourth time', () => {
    // 06:00 to 21:00, then 9 h off.
    expect(dailyRestBreaches(buildDrivingSchedule(days([23, 24, 25, 26], '06:00', '21:00', 9 * H)))).toEqual(
      [],
    );
    expect(
      dailyRestBreaches(buildDrivingSchedule(days([23, 24, 25, 26, 27], '06:00', '21:00', 9 * H))),
    ).toEqual([
      {
        rule: 'daily-rest',
        article: 'article 8, paragraphe 4',
        limitMinutes: 11 * H,
        valueMinutes: 9 * H,
        day: '2026-11-26',
        from: paris('2026-11-26T06:00'),
        responsibility: 'both',
        concernsCandidate: false,
      },
    ]);
    // A weekly rest (Thursday evening to Saturday morning) starts the count again.
    const twoSpells = days([23, 24, 25, 26, 28, 29, 30], '06:00', '21:00', 8 * H);
    expect(checkDrivingTime(twoSpells).breaches).toEqual([]);
  });

  it('refuses less than 9 h, and takes 3 h then 9 h for a regular rest', () => {
    expect(dailyRestBreaches(buildDrivingSchedule(days([23, 24], '06:00', '22:00', 8 * H)))).toMatchObject([
      { article: 'article 8, paragraphe 2', limitMinutes: 9 * H, valueMinutes: 8 * H, day: '2026-11-23' },
    ]);
    const split = [
      ...days([23, 24, 25, 26, 27], '06:00', '12:00', 4 * H),
      ...days([23, 24, 25, 26, 27], '15:00', '21:00', 4 * H).map((m) => ({ ...m, id: `${m.id}pm` })),
    ];
    expect(checkDrivingTime(split).breaches).toEqual([]);
  });
});

describe('weekly rest (article 8, paragraph 6)', () => {
  it('allows six 24-hour periods of work, not a seventh day without a weekly rest', () => {
    const sixDays = days([23, 24, 25, 26, 27, 28], '06:00', '18:00', 8 * H);
    expect(weeklyRestBreaches(buildDrivingSchedule(sixDays))).toEqual([]);
    const verdict = checkDrivingTime(sixDays, mission('sun', '2026-11-29T06:00', '2026-11-29T10:00', 2 * H));
    expect(verdict.ok).toBe(false);
    expect(verdict.breaches).toEqual([
      {
        rule: 'weekly-rest',
        article: 'article 8, paragraphe 6',
        limitMinutes: 144 * H,
        valueMinutes: 148 * H,
        day: '2026-11-23',
        from: paris('2026-11-23T06:00'),
        responsibility: 'both',
        concernsCandidate: true,
      },
    ]);
  });
});

describe('the verdict in French', () => {
  const fullWeek = days([23, 24, 25, 26, 27], '06:00', '18:00', [10 * H, 10 * H, 9 * H, 9 * H, 9 * H]);

  it('tells the driver and the transport company what the mission would break', () => {
    const verdict = checkDrivingTime(
      fullWeek,
      mission('sat', '2026-11-28T06:00', '2026-11-28T18:30', 11 * H),
    );
    expect(verdict.ok).toBe(false);
    // In order of days: the week of Monday 23, then Saturday 28.
    expect(rules(verdict.breaches)).toEqual(['weekly-driving', 'daily-driving']);
    const { driver, transporter } = drivingTimeSentences(verdict);
    expect(driver.map(plain)).toEqual([
      'Cette mission porterait votre conduite de la semaine du 23 novembre à 58 h sur 56 h autorisées (article 6, paragraphe 2, du règlement (CE) n° 561/2006).',
      'Cette mission porterait à 11 h votre conduite de la journée commencée le samedi 28 novembre, sur 9 h autorisées, votre conduite ayant déjà dépassé 9 h deux fois cette semaine-là (article 6, paragraphe 1, du règlement (CE) n° 561/2006).',
    ]);
    expect(transporter.map(plain)).toEqual([
      'Cette mission porterait la conduite de ce chauffeur sur la semaine du 23 novembre à 58 h sur 56 h autorisées (article 6, paragraphe 2, du règlement (CE) n° 561/2006).',
      'Cette mission porterait à 11 h la conduite de ce chauffeur sur la journée commencée le samedi 28 novembre, sur 9 h autorisées, sa conduite ayant déjà dépassé 9 h deux fois cette semaine-là (article 6, paragraphe 1, du règlement (CE) n° 561/2006).',
    ]);
    // No line break inside « 58 h » nor « n° 561/2006 ».
    expect(driver[0]).toContain('58\u00a0h sur 56\u00a0h');
    expect(driver[0]).toContain('n°\u00a0561/2006');
  });

  it('says breaks and rests, and what the schedule already breaks without the mission', () => {
    // Wednesday, 06:00 to 22:00, then only 8 h off before Thursday's mission.
    const wednesday = [...days([25], '06:00', '22:00', 4 * H), ...days([26], '06:00', '12:00', 2 * H)];
    const verdict = checkDrivingTime(
      [mission('a', '2026-11-23T08:00', '2026-11-23T12:30', 270), ...wednesday],
      mission('b', '2026-11-23T12:30', '2026-11-23T13:30', 60),
    );
    expect(verdict.breaches.map((breach) => [breach.rule, breach.concernsCandidate])).toEqual([
      ['break', true],
      ['daily-rest', false],
    ]);
    expect(verdict.ok).toBe(false);
    const { driver, transporter } = drivingTimeSentences(verdict);
    expect(driver.map(plain)).toEqual([
      'Cette mission porterait votre conduite sans pause de 45 min à 5 h 30 sur 4 h 30 autorisées, à partir du lundi 23 novembre à 08:00 (article 7 du règlement (CE) n° 561/2006).',
      'Votre planning ne vous laisse que 8 h de repos journalier au lieu de 9 h au moins, dans les 24 heures qui suivent la reprise du travail le mercredi 25 novembre à 06:00 (article 8, paragraphe 2, du règlement (CE) n° 561/2006).',
    ]);
    // The company reads only what its mission would break.
    expect(transporter.map(plain)).toEqual([
      'Cette mission porterait la conduite sans pause de 45 min de ce chauffeur à 5 h 30 sur 4 h 30 autorisées, à partir du lundi 23 novembre à 08:00 (article 7 du règlement (CE) n° 561/2006).',
    ]);
  });

  it('says the weekly rest and the fourth reduced rest', () => {
    const sixDays = days([23, 24, 25, 26, 27, 28], '06:00', '18:00', 8 * H);
    const weekly = drivingTimeSentences(
      checkDrivingTime(sixDays, mission('sun', '2026-11-29T06:00', '2026-11-29T10:00', 2 * H)),
    );
    expect(weekly.transporter.map(plain)).toEqual([
      'Cette mission repousserait le repos hebdomadaire de ce chauffeur à 148 h après la reprise du travail le lundi 23 novembre à 06:00, au-delà des six périodes de 24 heures (144 h) autorisées (article 8, paragraphe 6, du règlement (CE) n° 561/2006).',
    ]);
    const reduced = checkDrivingTime(
      days([23, 24, 25, 26], '06:00', '21:00', 9 * H),
      mission('fri', '2026-11-27T06:00', '2026-11-27T12:00', 4 * H),
    );
    expect(drivingTimeSentences(reduced).driver.map(plain)).toEqual([
      'Cette mission ne vous laisserait que 9 h de repos journalier au lieu de 11 h au moins, le repos journalier ayant déjà été réduit trois fois depuis le dernier repos hebdomadaire, dans les 24 heures qui suivent la reprise du travail le jeudi 26 novembre à 06:00 (article 8, paragraphe 4, du règlement (CE) n° 561/2006).',
    ]);
    expect(drivingTimeSentences(checkDrivingTime(sixDays))).toEqual({ driver: [], transporter: [] });
  });
});

// Property: on random weeks of missions, the verdict finds exactly the breaches that a brute-force count, minute by
// minute and written without the module's code (its own Paris clock, its own weeks), finds — weekly, fortnightly,
// daily driving and breaks.
describe('against a minute-by-minute count', () => {
  // From Monday 12 October 2026, 06:00 in Paris, over four weeks; summer time ends on 25 October at 01:00 UTC.
  const START = Date.UTC(2026, 9, 12, 4) / 60_000;
  const END = START + 28 * 24 * 60;
  const SUMMER_TIME_END = Date.UTC(2026, 9, 25, 1) / 60_000;
  const parisDay = (minute: number) =>
    new Date((minute + (minute < SUMMER_TIME_END ? 120 : 60)) * 60_000).toISOString().slice(0, 10);
  const plusDays = (day: string, count: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
  // The weeks, as a calendar shows them: each Monday and its midnight on Paris clocks.
  const MONDAYS = [
    '2026-10-05T00:00:00+02:00',
    '2026-10-12T00:00:00+02:00',
    '2026-10-19T00:00:00+02:00',
    '2026-10-26T00:00:00+01:00',
    '2026-11-02T00:00:00+01:00',
    '2026-11-09T00:00:00+01:00',
    '2026-11-16T00:00:00+01:00',
  ].map((midnight) => ({ day: midnight.slice(0, 10), minute: Date.parse(midnight) / 60_000 }));
  const weekOfMinute = (minute: number) => MONDAYS.findLast((monday) => monday.minute <= minute)!.day;
  const weekOfDay = (day: string) => MONDAYS.findLast((monday) => monday.day <= day)!.day;

  function bruteForce(schedule: DrivingSchedule): string[] {
    const found: string[] = [];
    // What the driver does each minute from the first: D driving, B break, W other work, nothing: off.
    const first = Math.min(...schedule.periods.map((period) => period.start.getTime() / 60_000));
    const minutes: string[] = [];
    for (const period of schedule.periods)
      for (let t = period.start.getTime() / 60_000; t < period.end.getTime() / 60_000; t++)
        minutes[t - first] = period.kind === 'driving' ? 'D' : period.kind === 'break' ? 'B' : 'W';
    const last = first + minutes.length - 1;
    const at = (t: number) => minutes[t - first];

    const weeks = new Map<string, number>();
    const addToWeek = (week: string, count: number) => weeks.set(week, (weeks.get(week) ?? 0) + count);
    for (let t = first; t <= last; t++) if (at(t) === 'D') addToWeek(weekOfMinute(t), 1);
    for (const entry of schedule.declared) addToWeek(weekOfDay(entry.day), entry.drivingMinutes);
    for (const [week, total] of weeks) if (total > 56 * 60) found.push(`weekly-driving ${week} ${total}`);
    for (let index = 0; index + 1 < MONDAYS.length; index++) {
      const week = MONDAYS[index]!.day;
      const total = (weeks.get(week) ?? 0) + (weeks.get(MONDAYS[index + 1]!.day) ?? 0);
      if (total > 90 * 60) found.push(`fortnight-driving ${week} ${total}`);
    }

    // Driving days: a new one after 9 h off.
    const driving: { day: string; start: number; minutes: number }[] = [];
    let off = Infinity;
    for (let t = first; t <= last; t++) {
      const what = at(t);
      if (what === undefined) {
        off++;
        continue;
      }
      if (off >= 9 * 60) driving.push({ day: parisDay(t), start: t, minutes: 0 });
      off = 0;
      if (what === 'D') driving.at(-1)!.minutes++;
    }
    for (const entry of schedule.declared) {
      const day = driving.find((d) => d.day === entry.day);
      if (day) day.minutes += entry.drivingMinutes;
      else driving.push({ day: entry.day, start: -1, minutes: entry.drivingMinutes });
    }
    driving.sort((a, b) => (a.day === b.day ? a.start - b.start : a.day < b.day ? -1 : 1));
    const extended = new Map<string, number>();
    for (const day of driving) {
      const used = extended.get(weekOfDay(day.day)) ?? 0;
      const limit = used < 2 ? 600 : 540;
      if (day.minutes > limit) found.push(`daily-driving ${day.day} ${day.minutes} ${limit}`);
      if (day.minutes > 540) extended.set(weekOfDay(day.day), used + 1);
    }

    // Breaks: after a stretch of off minutes, 45 of them, or 30 after a first 15, start the count again.
    let driven = 0;
    let firstPart = false;
    let run = 0;
    let from = 0;
    const close = () => {
      if (driven > 270) found.push(`break ${from} ${driven}`);
    };
    for (let t = first; t <= last + 1; t++) {
      const what = at(t) ?? 'B';
      if (what === 'B' && t <= last) {
        run++;
        continue;
      }
      if (run >= 45 || (firstPart && run >= 30)) {
        close();
        driven = 0;
        firstPart = false;
      } else if (run >= 15) firstPart = true;
      run = 0;
      if (what === 'D') {
        if (driven === 0) from = t;
        driven++;
      }
    }
    close();
    return found.sort();
  }

  const keyOf = (breach: Breach) =>
    breach.rule === 'break'
      ? `break ${breach.from!.getTime() / 60_000} ${breach.valueMinutes}`
      : breach.rule === 'daily-driving'
        ? `daily-driving ${breach.day} ${breach.valueMinutes} ${breach.limitMinutes}`
        : `${breach.rule} ${breach.day} ${breach.valueMinutes}`;

  const missionArbitrary = fc.record({
    // Often back to back or after a short pause (breaks), often a night off, sometimes a long rest.
    gap: fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 60 }) },
      { weight: 2, arbitrary: fc.integer({ min: 60, max: 8 * 60 }) },
      { weight: 4, arbitrary: fc.integer({ min: 8 * 60, max: 14 * 60 }) },
      { weight: 1, arbitrary: fc.integer({ min: 24 * 60, max: 50 * 60 }) },
    ),
    driving: fc.integer({ min: 0, max: 11 * 60 }),
    // Room for the breaks or not, and some other work.
    breaks: fc.boolean(),
    slack: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4 * 60 })),
  });
  const scheduleArbitrary = fc.record({
    missions: fc.array(missionArbitrary, { minLength: 10, maxLength: 45, size: 'max' }),
    declared: fc.array(
      fc.record({ day: fc.integer({ min: 0, max: 27 }), minutes: fc.integer({ min: 0, max: 11 * 60 }) }),
      {
        maxLength: 6,
      },
    ),
    candidate: fc.nat(),
  });

  type ScheduleInput = typeof scheduleArbitrary extends fc.Arbitrary<infer T> ? T : never;

  function activitiesOf(input: ScheduleInput) {
    const activities: DrivingActivity[] = [];
    let at = START;
    input.missions.forEach((m, index) => {
      const start = at + m.gap;
      if (start >= END) return;
      const end = start + m.driving + (m.breaks ? 45 * Math.floor(m.driving / 270) : 0) + m.slack;
      activities.push({
        kind: 'mission',
        id: `m${index}`,
        start: start * 60_000,
        end: end * 60_000,
        drivingMinutes: m.driving,
      });
      at = end;
    });
    for (const entry of input.declared)
      activities.push(declared(plusDays('2026-10-12', entry.day), entry.minutes));
    return activities;
  }

  it('finds every breach the count finds, and no other, on 200 random schedules', () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(scheduleArbitrary, (input) => {
        const activities = activitiesOf(input);
        const missions = activities.filter((activity) => activity.kind === 'mission');
        const candidate = missions[input.candidate % missions.length] as MissionActivity;
        const verdict = checkDrivingTime(activities, candidate);
        const counted = bruteForce(buildDrivingSchedule(activities, candidate));
        const found = verdict.breaches
          .filter((breach) =>
            ['weekly-driving', 'fortnight-driving', 'daily-driving', 'break'].includes(breach.rule),
          )
          .map(keyOf)
          .sort();
        for (const key of counted) seen.set(key.split(' ')[0]!, (seen.get(key.split(' ')[0]!) ?? 0) + 1);
        expect(found).toEqual(counted);
        expect(verdict.ok).toBe(!verdict.breaches.some((breach) => breach.concernsCandidate));
      }),
      { numRuns: 200, seed: 561 },
    );
    // The runs met every rule they compare, many times.
    for (const rule of ['weekly-driving', 'fortnight-driving', 'daily-driving', 'break'])
      expect(seen.get(rule) ?? 0).toBeGreaterThan(10);
  });

  it('lays out every minute of each mission’s driving from its start, breaks only between its driving', () => {
    fc.assert(
      fc.property(scheduleArbitrary, (input) => {
        const activities = activitiesOf(input);
        const schedule = buildDrivingSchedule(activities);
        for (const activity of activities) {
          if (activity.kind !== 'mission') continue;
          const periods = schedule.periods.filter((period) => period.missionId === activity.id);
          const driven = periods
            .filter((period) => period.kind === 'driving')
            .reduce((sum, period) => sum + (period.end.getTime() - period.start.getTime()) / 60_000, 0);
          expect(driven).toBe(activity.drivingMinutes);
          if (periods.length === 0) continue;
          expect(periods[0]!.start.getTime()).toBe(activity.start);
          expect(periods.at(-1)!.kind === 'break').toBe(false);
          for (let index = 1; index < periods.length; index++)
            expect(periods[index]!.start).toEqual(periods[index - 1]!.end);
        }
      }),
      { numRuns: 200, seed: 45 },
    );
  });
});
