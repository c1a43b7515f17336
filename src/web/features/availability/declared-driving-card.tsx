import { Gauge } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatWaiting } from '#core/rules/road.js';
import { addDays, mondayOf } from '#core/rules/days.js';
import { formatWeekdayDay } from '#core/rules/french-dates.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { FormFields, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { availabilityApi, DECLARED_REFRESH, useAvailabilityMutation, useDeclaredDriving } from './api.js';
import type { DeclaredDay } from '#core/schemas/declared-driving.js';
import { formatLongDay, weekRange } from './calendar-model.js';
import type { DeclaredValues } from './form-values.js';
import type { DeclaredOutput } from './resolvers.js';

const resolver = lazyResolver<DeclaredValues, DeclaredOutput>(
  async () => (await import('./resolvers.js')).declaredResolver,
);

/**
 * « Conduite hors Relais » (decision 053): the driving the driver did elsewhere (another employer, their own
 * trucks), day by day over the last four weeks, which the driving-time check of their applications counts.
 */
export function DeclaredDrivingCard({ today }: { today: string }) {
  const list = useDeclaredDriving();
  const toast = useToast();
  const [failure, setFailure] = useState('');
  const form = useForm<DeclaredValues, unknown, DeclaredOutput>({
    resolver,
    defaultValues: { date: today, drivingMinutes: '', note: '' },
  });
  const { errors } = form.formState;

  const save = useAvailabilityMutation(
    (input: DeclaredOutput) =>
      availabilityApi.declare(input.date, { drivingMinutes: input.drivingMinutes, note: input.note ?? null }),
    {
      onSuccess: (day) => {
        toast({
          title: 'Conduite enregistrée',
          description: `${formatWeekdayDay(day.date)} : ${formatWaiting(day.drivingMinutes)}`,
        });
        form.reset({ date: today, drivingMinutes: '', note: '' });
      },
      onError: (error) =>
        setFailure(
          showFieldErrors(form, error)
            ? ''
            : errorMessage(error, 'Enregistrement impossible. Vérifiez votre connexion et réessayez.'),
        ),
    },
    DECLARED_REFRESH,
  );
  const clear = useAvailabilityMutation(
    (date: string) => availabilityApi.clearDeclared(date),
    {
      onSuccess: () =>
        toast({ title: 'Journée effacée', description: 'Elle ne compte plus dans vos temps.' }),
      onError: (error) =>
        toast({
          title: 'Journée non effacée',
          description: errorMessage(error, 'Vérifiez votre connexion et réessayez.'),
          variant: 'destructive',
        }),
    },
    DECLARED_REFRESH,
  );

  const days = list.data?.days;
  const weeks = useMemo(() => {
    const byWeek = new Map<string, { monday: string; minutes: number; days: DeclaredDay[] }>();
    for (const day of [...(days ?? [])].reverse()) {
      const monday = mondayOf(day.date);
      const week = byWeek.get(monday) ?? { monday, minutes: 0, days: [] };
      week.minutes += day.drivingMinutes;
      week.days.push(day);
      byWeek.set(monday, week);
    }
    return [...byWeek.values()];
  }, [days]);

  return (
    <section
      aria-labelledby="conduite-hors-relais"
      className="rounded-2xl border border-line bg-surface-raised p-5"
    >
      <h2 id="conduite-hors-relais" className="flex items-center gap-2 text-lg font-bold">
        <Gauge className="h-5 w-5 text-accent" aria-hidden="true" /> Conduite hors Relais
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Vous conduisez aussi pour un autre employeur ou pour vous-même ? Indiquez ici, jour par jour, votre
        temps de conduite des quatre dernières semaines : Relais le compte dans vos temps de conduite quand
        vous postulez et quand un transporteur vous retient. Les transporteurs voient seulement si une mission
        vous ferait dépasser les limites, jamais ces journées ni vos notes. Votre chronotachygraphe reste la
        référence.
      </p>
      <form
        noValidate
        className="mt-4"
        onFocus={resolver.preload}
        onSubmit={(event) =>
          void form.handleSubmit((input) => {
            setFailure('');
            save.mutate(input);
          })(event)
        }
      >
        <FormFields>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Jour"
              type="date"
              min={list.data?.firstDay}
              max={today}
              {...form.register('date')}
              error={errors.date?.message}
            />
            <TextField
              label="Durée de conduite"
              inputMode="decimal"
              autoComplete="off"
              placeholder="4 h 30"
              hint="En heures et minutes, 15 h au plus."
              {...form.register('drivingMinutes')}
              error={errors.drivingMinutes?.message}
            />
          </div>
          <TextField
            label="Note (facultatif)"
            maxLength={200}
            placeholder="Tournée pour un autre employeur…"
            {...form.register('note')}
            error={errors.note?.message}
          />
          {failure && (
            <p role="alert" className="text-sm font-medium text-danger">
              {failure}
            </p>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Envoi…' : 'Enregistrer la journée'}
          </Button>
        </FormFields>
      </form>
      {weeks.length > 0 && (
        <div className="mt-5 space-y-4">
          {weeks.map((week) => (
            <div key={week.monday}>
              <h3 className="text-sm font-semibold">
                {weekRange(week.monday, addDays(week.monday, 6))} : {formatWaiting(week.minutes)} déclarées
              </h3>
              <ul className="mt-1 divide-y divide-line rounded-lg border border-line">
                {week.days.map((day) => (
                  <li key={day.date} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="font-semibold">{formatLongDay(day.date)}</span> :{' '}
                      {formatWaiting(day.drivingMinutes)}
                      {day.note && <span className="user-text block text-ink-muted">{day.note}</span>}
                    </span>
                    <Button
                      variant="ghost"
                      disabled={clear.isPending}
                      aria-label={`Effacer la conduite du ${formatLongDay(day.date)}`}
                      onClick={() => clear.mutate(day.date)}
                    >
                      Effacer
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
