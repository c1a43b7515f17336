import { useState, type FormEvent } from 'react';
import { WEEKDAY_LABELS } from '#core/rules/availability.js';
import { formatWeekdayDay } from '#core/rules/french-dates.js';
import type { ApplyResult } from '#core/schemas/availability.js';
import { ApiError } from '#web/lib/api.js';
import { Button } from '#web/ui/button.js';
import { Checkbox, FormFields, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { availabilityApi, useAvailabilityMutation } from './api.js';
import { addDays } from '#core/rules/days.js';

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

function useRangeForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ApplyResult | null>(null);
  const toast = useToast();
  const onError = (error: Error) => {
    setResult(null);
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
    else setErrors({ _: error.message });
  };
  const onSuccess = (title: string) => (applied: ApplyResult) => {
    setErrors({});
    setResult(applied);
    toast({ title, description: plural(applied.set, 'jour enregistré', 'jours enregistrés') });
  };
  return { errors, setErrors, result, onError, onSuccess };
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
  const [weekdays, setWeekdays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [withHours, setWithHours] = useState(false);
  const [startTime, setStartTime] = useState('06:00');
  const [endTime, setEndTime] = useState('18:00');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 8 * 7 - 1));
  const [othersUnavailable, setOthersUnavailable] = useState(false);
  const form = useRangeForm();
  const apply = useAvailabilityMutation(availabilityApi.pattern, {
    onSuccess: form.onSuccess('Semaine type appliquée'),
    onError: form.onError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply.mutate({
      from,
      to,
      weekdays,
      startTime: withHours ? startTime : null,
      endTime: withHours ? endTime : null,
      othersUnavailable,
    });
  };
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
      <form noValidate onSubmit={submit} className="mt-4">
        <FormFields>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">Jours disponibles</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {WEEKDAY_LABELS.map((label, index) => (
                <Checkbox
                  key={label}
                  label={label}
                  checked={weekdays.includes(index + 1)}
                  onChange={(event) =>
                    setWeekdays((current) =>
                      event.target.checked
                        ? [...current, index + 1].sort()
                        : current.filter((weekday) => weekday !== index + 1),
                    )
                  }
                />
              ))}
            </div>
            {form.errors.weekdays && <RootError message={form.errors.weekdays} />}
          </fieldset>
          <Checkbox
            label="Seulement sur certaines heures (partiellement disponible)"
            checked={withHours}
            onChange={(event) => setWithHours(event.target.checked)}
          />
          {withHours && (
            <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
              <TextField
                label="De"
                type="time"
                value={startTime}
                onChange={(e) => setStartTime(e.target.value)}
                error={form.errors.startTime}
              />
              <TextField
                label="À"
                type="time"
                value={endTime}
                onChange={(e) => setEndTime(e.target.value)}
                error={form.errors.endTime}
              />
            </div>
          )}
          <DateRange today={today} from={from} to={to} onFrom={setFrom} onTo={setTo} errors={form.errors} />
          <Checkbox
            label="Les autres jours : indisponible"
            checked={othersUnavailable}
            onChange={(event) => setOthersUnavailable(event.target.checked)}
          />
          <RootError message={form.errors._} />
          <Button type="submit" disabled={apply.isPending}>
            {apply.isPending ? 'Envoi...' : 'Appliquer la semaine type'}
          </Button>
          <ResultNote result={form.result} />
        </FormFields>
      </form>
    </section>
  );
}

/** "Du … Au …": the range a pattern or holidays cover, from today on. */
function DateRange({
  today,
  from,
  to,
  onFrom,
  onTo,
  errors,
}: {
  today: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  errors: { from?: string; to?: string };
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label="Du"
        type="date"
        min={today}
        value={from}
        onChange={(e) => onFrom(e.target.value)}
        error={errors.from}
      />
      <TextField
        label="Au"
        type="date"
        min={from}
        value={to}
        onChange={(e) => onTo(e.target.value)}
        error={errors.to}
      />
    </div>
  );
}

/** "Congés": every day of a range unavailable, with a note, in one gesture. */
export function HolidaysForm({ today }: { today: string }) {
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 6));
  const [notes, setNotes] = useState('Congés');
  const form = useRangeForm();
  const apply = useAvailabilityMutation(availabilityApi.holidays, {
    onSuccess: form.onSuccess('Congés enregistrés'),
    onError: form.onError,
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
        onSubmit={(event) => {
          event.preventDefault();
          apply.mutate({ from, to, notes: notes.trim() || null });
        }}
      >
        <FormFields>
          <DateRange today={today} from={from} to={to} onFrom={setFrom} onTo={setTo} errors={form.errors} />
          <TextField
            label="Note"
            maxLength={500}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            error={form.errors.notes}
          />
          <RootError message={form.errors._} />
          <Button type="submit" variant="secondary" disabled={apply.isPending}>
            {apply.isPending ? 'Envoi...' : 'Poser ces congés'}
          </Button>
          <ResultNote result={form.result} />
        </FormFields>
      </form>
    </section>
  );
}
