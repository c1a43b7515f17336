import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  ANALYTICS_PERIODS,
  ANALYTICS_PERIOD_LABELS,
  customPeriodProblems,
} from '#core/rules/analytics-period.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { TextField } from '#web/ui/field.js';
import type { PeriodChoice } from './api.js';

interface CustomRange {
  from: string;
  to: string;
}

/** The two days, checked by the rule the server applies (core/rules/analytics-period.ts). */
const resolver: Resolver<CustomRange> = async (values) => {
  const problems = customPeriodProblems(values.from || undefined, values.to || undefined);
  const errors = Object.fromEntries(
    Object.entries(problems).map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/**
 * 30 jours, 90 jours, 12 mois, Cette année, or Personnalisé with two days (checked here as the server checks
 * them, and again by the server). `serverErrors`: what the server refused, field by field.
 */
export function PeriodPicker({
  value,
  onChange,
  serverErrors,
}: {
  value: PeriodChoice;
  onChange: (choice: PeriodChoice) => void;
  serverErrors?: Record<string, string>;
}) {
  const [custom, setCustom] = useState(value.period === 'custom');
  const form = useForm<CustomRange>({
    resolver,
    defaultValues: { from: value.from ?? '', to: value.to ?? '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((range) => onChange({ period: 'custom', ...range }));

  return (
    <div className="rounded-2xl border border-line bg-surface-raised p-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Période</legend>
        <div className="flex flex-wrap gap-2">
          {ANALYTICS_PERIODS.map((period) => {
            const selected = period === 'custom' ? custom : !custom && value.period === period;
            return (
              <label
                key={period}
                className={cn(
                  'relative inline-flex min-h-10 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold transition',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
                  selected
                    ? 'border-accent bg-accent text-accent-ink'
                    : 'border-line bg-surface text-ink hover:bg-surface-sunken',
                )}
              >
                <input
                  type="radio"
                  name="analytics-period"
                  value={period}
                  checked={selected}
                  className="sr-only"
                  onChange={() => {
                    if (period === 'custom') {
                      setCustom(true);
                      return;
                    }
                    setCustom(false);
                    form.clearErrors();
                    onChange({ period });
                  }}
                />
                {ANALYTICS_PERIOD_LABELS[period]}
              </label>
            );
          })}
        </div>
      </fieldset>
      {custom && (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="mt-4 flex flex-wrap items-start gap-3"
        >
          <div className="w-full min-w-0 sm:w-44">
            <TextField
              label="Du"
              type="date"
              {...form.register('from')}
              error={errors.from?.message ?? serverErrors?.from}
            />
          </div>
          <div className="w-full min-w-0 sm:w-44">
            <TextField
              label="Au"
              type="date"
              {...form.register('to')}
              error={errors.to?.message ?? serverErrors?.to}
            />
          </div>
          <Button type="submit" className="w-full sm:mt-7 sm:w-auto">
            Afficher
          </Button>
        </form>
      )}
    </div>
  );
}
