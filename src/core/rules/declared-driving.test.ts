import { describe, expect, it } from 'vitest';
import { declaredDrivingFormSchema } from '../schemas/declared-driving.js';
import { addDays, parisToday } from './days.js';
import { declaredDayProblem, parseDrivingDuration } from './declared-driving.js';
import { routedDriving } from './driving-time-estimate.js';

describe('a duration as drivers write it', () => {
  it.each([
    ['4 h 30', 270],
    ['4h30', 270],
    ['4:30', 270],
    ['04:05', 245],
    ['4 h', 240],
    ['4H', 240],
    ['4', 240],
    ['4,5', 270],
    ['4.5', 270],
    ['45 min', 45],
    ['0', 0],
    ['15 h', 900],
  ])('« %s » is %i minutes', (text, minutes) => {
    expect(parseDrivingDuration(text)).toBe(minutes);
  });

  it.each(['', 'quatre heures', '4 h 75', '-2', '4 h 30 min 10', 'h', '4,30', '4.25'])(
    '« %s » is not read (4,30 could mean 4 h 30 or 4 h 18)',
    (text) => {
      expect(parseDrivingDuration(text)).toBeNull();
    },
  );
});

describe('the days that may be declared', () => {
  const today = '2026-11-29';
  it('today and the 28 days before, not tomorrow nor the 29th day back', () => {
    expect(declaredDayProblem(today, today)).toBeNull();
    expect(declaredDayProblem('2026-11-01', today)).toBeNull();
    expect(declaredDayProblem('2026-10-31', today)).toMatch(/Au plus 28 jours/);
    expect(declaredDayProblem('2026-11-30', today)).toMatch(/aujourd’hui au plus tard/);
  });

  it('the form gives the API’s body, with its errors under its fields', () => {
    const ok = declaredDrivingFormSchema.safeParse({
      date: parisToday(),
      drivingMinutes: '4 h 30',
      note: '',
    });
    expect(ok.data).toEqual({ date: parisToday(), drivingMinutes: 270, note: null });
    const bad = declaredDrivingFormSchema.safeParse({
      date: addDays(parisToday(), 1),
      drivingMinutes: '16 h',
      note: null,
    });
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['date', 'On ne déclare que la conduite déjà faite : aujourd’hui au plus tard'],
      ['drivingMinutes', 'Au plus 15 h de conduite dans une journée'],
    ]);
    expect(
      declaredDrivingFormSchema.safeParse({ date: parisToday(), drivingMinutes: 'beaucoup' }).error?.issues[0]
        ?.message,
    ).toBe('Écrivez la durée en heures et minutes, par exemple 4 h 30');
  });
});

describe('a routing service’s answer as a heavy goods vehicle drives it', () => {
  it('takes the distance at 65 km/h when the service’s car is faster', () => {
    // 273 km in 2 h 50 by car: 4 h 12 at 65 km/h.
    expect(routedDriving({ distanceMetres: 273_400, durationSeconds: 170 * 60 })).toEqual({
      distanceKm: 273,
      drivingMinutes: Math.ceil((273.4 / 65) * 60),
      source: 'routing',
    });
  });
  it('takes the service’s duration when it is longer (towns, mountains)', () => {
    expect(routedDriving({ distanceMetres: 20_000, durationSeconds: 40 * 60 + 1 })).toEqual({
      distanceKm: 20,
      drivingMinutes: 41,
      source: 'routing',
    });
  });
});
