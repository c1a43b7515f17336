import type { UseFormReturn } from 'react-hook-form';
import { WEEKDAY_LABELS } from '#core/rules/availability.js';
import { HOLIDAY_POLICIES, HOLIDAY_POLICY_LABELS } from '#core/rules/recurrence.js';
import {
  DEFAULT_LEAD_DAYS,
  RECURRENCE_LIMITS,
  type MissionTemplate,
  type RecurrenceFormValues,
  type RecurrenceRuleInput,
} from '#core/schemas/recurrence.js';
import { CheckboxGroup, RadioGroup, SelectField, TextField } from '#web/ui/field.js';

export type RecurrenceForm = UseFormReturn<RecurrenceFormValues, unknown, RecurrenceRuleInput>;

/** The rule's form values: a series' own, or every week on the given weekday, four missions, a week ahead. */
export function recurrenceDefaults(template?: MissionTemplate, weekday?: number): RecurrenceFormValues {
  if (!template)
    return {
      weekdays: weekday ? [String(weekday)] : [],
      end: 'count',
      until: '',
      count: '4',
      leadDays: String(DEFAULT_LEAD_DAYS),
      holidays: 'skip',
    };
  const { rule } = template;
  return {
    weekdays: rule.weekdays.map(String),
    end: rule.until ? 'until' : rule.count !== null ? 'count' : 'never',
    until: rule.until ?? '',
    count: rule.count === null ? '' : String(rule.count),
    leadDays: String(rule.leadDays),
    holidays: rule.holidays,
  };
}

const ENDS = [
  { value: 'count', label: 'Après un nombre de missions' },
  { value: 'until', label: 'À une date' },
  { value: 'never', label: 'Jamais (jusqu’à ce que vous l’arrêtiez)' },
] as const;

/** The days a recurring mission repeats on, when it stops, how far ahead each is published, and holidays. */
export function RecurrenceFields({ form }: { form: RecurrenceForm }) {
  const { errors } = form.formState;
  const end = form.watch('end');
  return (
    <fieldset className="space-y-4 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold">Répétition</legend>
      <p className="text-sm text-ink-muted">
        Chaque mission de la série est publiée comme une mission à part, quelques jours avant son jour, aux
        mêmes heures que la première. Les jours fériés sont ceux de la France métropolitaine.
      </p>
      <CheckboxGroup
        legend="Jours de la semaine"
        options={WEEKDAY_LABELS.map((label, index) => ({ value: String(index + 1), label }))}
        registration={form.register('weekdays')}
        error={errors.weekdays?.message ?? errors.weekdays?.root?.message}
      />
      <RadioGroup
        legend="Fin de la série"
        options={ENDS}
        registration={form.register('end')}
        error={errors.end?.message}
      />
      <div className="grid gap-4 md:grid-cols-2">
        {end === 'count' && (
          <TextField
            label="Nombre de missions"
            inputMode="numeric"
            autoComplete="off"
            hint={`Entre 1 et ${RECURRENCE_LIMITS.maxCount}, la première comprise.`}
            error={errors.count?.message}
            {...form.register('count')}
          />
        )}
        {end === 'until' && (
          <TextField
            label="Dernier jour de la série"
            type="date"
            hint="Un an au plus après la première mission."
            error={errors.until?.message}
            {...form.register('until')}
          />
        )}
        <TextField
          label="Publier chaque mission (jours avant)"
          inputMode="numeric"
          autoComplete="off"
          hint={`Entre 1 et ${RECURRENCE_LIMITS.maxLeadDays} jours : les chauffeurs la voient et sont alertés dès lors.`}
          error={errors.leadDays?.message}
          {...form.register('leadDays')}
        />
        <SelectField
          label="Les jours fériés"
          options={HOLIDAY_POLICIES.map((policy) => ({
            value: policy,
            label: HOLIDAY_POLICY_LABELS[policy],
          }))}
          error={errors.holidays?.message}
          {...form.register('holidays')}
        />
      </div>
    </fieldset>
  );
}
