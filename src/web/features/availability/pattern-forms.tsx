import { useState } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { WEEKDAY_LABELS } from '#core/rules/availability.js';
import { formatWeekdayDay } from '#core/rules/french-dates.js';
import type { ApplyResult } from '#core/schemas/availability.js';
import { ApiError } from '#web/lib/api.js';
import { showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { Checkbox, FormFields, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { availabilityApi, useAvailabilityMutation } from './api.js';
import { addDays } from '#core/rules/days.js';
import type { HolidaysValues, holidaysInputOf, PatternValues, patternInputOf } from './form-values.js';

const patternResolver = lazyResolver<PatternValues, ReturnType<typeof patternInputOf>>(
  async () => (await import('./resolvers.js')).patternResolver,
);
const holidaysResolver = lazyResolver<HolidaysValues, ReturnType<typeof holidaysInputOf>>(
  async () => (await import('./resolvers.js')).holidaysResolver,
);

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** What was written and what was left, said after a pattern or holidays. */
function ResultNote({ result }: { result: ApplyResult | null }) {
  if (!result) return null;
  return (
    <div role="status" className="space-y-1 rounded-lg bg-surface-sunken p-3 text-sm">
      <p className="font-semibold">{plural(result.set, 'jour enregistré', 'jours enregistrés')}.</p>
      {result.skipped.length > 0 && (
        <p>
          Laissés tels quels, car vous y avez déjà une mission :{' '}
          {result.skipped
            .map((day) => `${formatWeekdayDay(day.date)} («\u00a0${day.missionTitle}\u00a0»)`)
            .join(', ')}
          .
        </p>
      )}
      {result.missionDays.length > 0 && (
        <p className="text-danger">
          Attention, vous avez une mission pendant ces jours :{' '}
          {result.missionDays
            .map((day) => `${formatWeekdayDay(day.date)} («\u00a0${day.missionTitle}\u00a0»)`)
            .join(', ')}
          . Prévenez le transporteur si vous ne pouvez pas l’assurer.
        </p>
      )}
    </div>
  );
}

/** What a pattern or holidays form shares: the result said after it, the server's errors under the fields. */
function useRangeResult<T extends FieldValues>(form: UseFormReturn<T, unknown, never>) {
  const [failure, setFailure] = useState<string | undefined>();
  const [result, setResult] = useState<ApplyResult | null>(null);
  const toast = useToast();
  const onError = (error: Error) => {
    setResult(null);
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) showFieldErrors(form, error);
    else setFailure(error.message);
  };
  const onSuccess = (title: string) => (applied: ApplyResult) => {
    setFailure(undefined);
    setResult(applied);
    toast({ title, description: plural(applied.set, 'jour enregistré', 'jours enregistrés') });
  };
  return { failure, setFailure, result, onError, onSuccess };
}

function RootError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-danger">
      {message}
    </p>
  ) : null;
}

/** "Semaine type": the weekdays ticked are available (with hours, partially) from one day to another. */
export function PatternForm({ today }: { today: string }) {
  const form = useForm<PatternValues, unknown, ReturnType<typeof patternInputOf>>({
    resolver: patternResolver,
    defaultValues: {
      weekdays: ['1', '2', '3', '4', '5'],
      withHours: false,
      startTime: '06:00',
      endTime: '18:00',
      from: today,
      to: addDays(today, 8 * 7 - 1),
      othersUnavailable: false,
    },
  });
  const { errors } = form.formState;
  const withHours = form.watch('withHours');
  const outcome = useRangeResult(form as never);
  const apply = useAvailabilityMutation(availabilityApi.pattern, {
    onSuccess: outcome.onSuccess('Semaine type appliquée'),
    onError: outcome.onError,
  });
  const submit = form.handleSubmit((input) => {
    outcome.setFailure(undefined);
    apply.mutate(input);
  });
  return (
    <section aria-labelledby="semaine-type" className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 id="semaine-type" className="text-lg font-bold">
        Semaine type
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Par exemple « dispo du lundi au vendredi » : appliquée en une fois à chaque semaine de la période.
        Elle remplace ce que vous aviez indiqué ces jours-là ; les jours où vous avez déjà une mission restent
        tels quels.
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={patternResolver.preload}
        className="mt-4"
      >
        <FormFields>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">Jours disponibles</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {WEEKDAY_LABELS.map((label, index) => (
                <Checkbox
                  key={label}
                  label={label}
                  value={String(index + 1)}
                  {...form.register('weekdays')}
                />
              ))}
            </div>
            <RootError message={errors.weekdays?.message} />
          </fieldset>
          <Checkbox
            label="Seulement sur certaines heures (partiellement disponible)"
            {...form.register('withHours')}
          />
          {withHours && (
            <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
              <TextField
                label="De"
                type="time"
                {...form.register('startTime')}
                error={errors.startTime?.message}
              />
              <TextField
                label="À"
                type="time"
                {...form.register('endTime')}
                error={errors.endTime?.message}
              />
            </div>
          )}
          <DateRange today={today} form={form as never} />
          <Checkbox label="Les autres jours : indisponible" {...form.register('othersUnavailable')} />
          <RootError message={outcome.failure} />
          <Button type="submit" disabled={apply.isPending}>
            {apply.isPending ? 'Envoi...' : 'Appliquer la semaine type'}
          </Button>
          <ResultNote result={outcome.result} />
        </FormFields>
      </form>
    </section>
  );
}

/** "Du … Au …": the range a pattern or holidays cover, from today on. */
function DateRange({ today, form }: { today: string; form: UseFormReturn<{ from: string; to: string }> }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField label="Du" type="date" min={today} {...form.register('from')} error={errors.from?.message} />
      <TextField
        label="Au"
        type="date"
        min={form.watch('from')}
        {...form.register('to')}
        error={errors.to?.message}
      />
    </div>
  );
}

/** "Congés": every day of a range unavailable, with a note, in one gesture. */
export function HolidaysForm({ today }: { today: string }) {
  const form = useForm<HolidaysValues, unknown, ReturnType<typeof holidaysInputOf>>({
    resolver: holidaysResolver,
    defaultValues: { from: today, to: addDays(today, 6), notes: 'Congés' },
  });
  const { errors } = form.formState;
  const outcome = useRangeResult(form as never);
  const apply = useAvailabilityMutation(availabilityApi.holidays, {
    onSuccess: outcome.onSuccess('Congés enregistrés'),
    onError: outcome.onError,
  });
  const submit = form.handleSubmit((input) => {
    outcome.setFailure(undefined);
    apply.mutate(input);
  });
  return (
    <section aria-labelledby="conges" className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 id="conges" className="text-lg font-bold">
        Congés
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Chaque jour de la période passe en {'«\u00a0Indisponible\u00a0»'}, avec la note.
      </p>
      <form
        noValidate
        className="mt-4"
        onSubmit={(event) => void submit(event)}
        onFocus={holidaysResolver.preload}
      >
        <FormFields>
          <DateRange today={today} form={form as never} />
          <TextField label="Note" maxLength={500} {...form.register('notes')} error={errors.notes?.message} />
          <RootError message={outcome.failure} />
          <Button type="submit" variant="secondary" disabled={apply.isPending}>
            {apply.isPending ? 'Envoi...' : 'Poser ces congés'}
          </Button>
          <ResultNote result={outcome.result} />
        </FormFields>
      </form>
    </section>
  );
}
