import { describe, expect, it } from 'vitest';
import { isoWeekday } from '../rules/availability.js';
import { addDays, parisToday } from '../rules/days.js';
import { missionTemplateInputSchema, recurrenceRuleSchema } from './recurrence.js';

describe('a recurring mission’s rule', () => {
  it('reads what the form parsed as it reads the form (the form sends its parsed values)', () => {
    for (const form of [
      {
        weekdays: ['3', '1', '1'],
        end: 'count',
        count: '4',
        until: '2027-01-01',
        leadDays: '',
        holidays: 'skip',
      },
      {
        weekdays: [5],
        end: 'until',
        until: '2027-03-31',
        count: '',
        leadDays: 10,
        holidays: 'next_working_day',
      },
      { weekdays: ['7'], end: 'never', until: '', count: null, leadDays: '3', holidays: 'skip' },
    ]) {
      const parsed = recurrenceRuleSchema.parse(form);
      expect(recurrenceRuleSchema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
    }
    expect(
      recurrenceRuleSchema.parse({ weekdays: ['3', '1', '1'], end: 'count', count: '4', holidays: 'skip' }),
    ).toEqual({
      weekdays: [1, 3],
      end: 'count',
      until: null,
      count: 4,
      leadDays: 7,
      holidays: 'skip',
    });
  });

  it('refuses a day outside Monday–Sunday and an end without its value', () => {
    expect(recurrenceRuleSchema.safeParse({ weekdays: ['8'], end: 'never', holidays: 'skip' }).success).toBe(
      false,
    );
    expect(
      recurrenceRuleSchema.safeParse({ weekdays: [1], end: 'count', count: '', holidays: 'skip' }).success,
    ).toBe(false);
    expect(
      recurrenceRuleSchema.safeParse({ weekdays: [1], end: 'until', until: '', holidays: 'skip' }).success,
    ).toBe(false);
  });

  it('asks the first mission’s own weekday to be ticked', () => {
    let tuesday = addDays(parisToday(), 7);
    while (isoWeekday(tuesday) !== 2) tuesday = addDays(tuesday, 1);
    const mission = {
      title: 'Navette',
      description: 'Palettes',
      pickupAddress: 'MIN de Rungis, 94150 Rungis',
      deliveryAddress: 'Zone logistique, 59810 Lesquin',
      vehicleType: 'porteur',
      startDate: `${tuesday}T06:00`,
      endDate: `${tuesday}T14:00`,
      price: '300',
    };
    const rule = { weekdays: ['1'], end: 'never', holidays: 'skip' };
    const refused = missionTemplateInputSchema.safeParse({ mission, rule });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rule.weekdays', 'La première mission tombe un mardi : cochez ce jour, ou changez la date de début'],
    ]);
    expect(
      missionTemplateInputSchema.safeParse({ mission, rule: { ...rule, weekdays: ['1', '2'] } }).success,
    ).toBe(true);
  });
});
