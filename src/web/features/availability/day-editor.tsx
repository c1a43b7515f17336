import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AVAILABILITY_LABELS, type AvailabilityStatus } from '#core/rules/availability.js';
import { ApiError } from '#web/lib/api.js';
import { showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { FormFields, TextAreaField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { dialogOverlay, dialogPanel } from '#web/ui/dialog.js';
import { availabilityApi, useAvailabilityMutation, type DayInput } from './api.js';
import type { dayInputOf, DayValues } from './form-values.js';
import { formatTime } from '#core/rules/french-dates.js';
import { formatLongDay, type DayView } from './calendar-model.js';
import { STATUS_LOOK } from './status.js';

const CHOICES: AvailabilityStatus[] = ['available', 'busy', 'unavailable'];

const resolver = lazyResolver<DayValues, ReturnType<typeof dayInputOf>>(
  async () => (await import('./resolvers.js')).dayResolver,
);

/** The day as stored (or what it is likely to be: busy when a mission is on it). */
const valuesOf = (view: DayView): DayValues => ({
  status: view.day?.status ?? (view.missions.length > 0 ? 'busy' : 'available'),
  startTime: view.day?.startTime ?? '08:00',
  endTime: view.day?.endTime ?? '12:00',
  notes: view.day?.notes ?? '',
});

/** A day's editor: Disponible, Partiellement disponible (with hours), Indisponible, or Effacer; and a note. */
export function DayEditor({ view, onClose }: { view: DayView | null; onClose: () => void }) {
  const toast = useToast();
  const form = useForm<DayValues, unknown, ReturnType<typeof dayInputOf>>({
    resolver,
    defaultValues: { status: 'available', startTime: '08:00', endTime: '12:00', notes: '' },
  });
  const { errors } = form.formState;
  const status = form.watch('status');
  const [rootError, setRootError] = useState('');
  // Opened from a day's button (not a Dialog.Trigger): focus goes back to it when the editor closes.
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!view) return;
    form.reset(valuesOf(view));
    setRootError('');
    resolver.preload();
  }, [view, form]);

  const failed = (error: Error) => {
    if (error instanceof ApiError) {
      // A refusal that names none of the form's fields (the day itself, out of reach) is said above the buttons.
      setRootError(showFieldErrors(form, error) ? '' : error.message);
    } else setRootError('Enregistrement impossible. Vérifiez votre connexion et réessayez.');
  };
  const save = useAvailabilityMutation((input: DayInput) => availabilityApi.setDay(view!.date, input), {
    onSuccess: (day) => {
      toast({
        title: 'Journée enregistrée',
        description: `${formatLongDay(day.date)} : ${AVAILABILITY_LABELS[day.status]}`,
      });
      onClose();
    },
    onError: failed,
  });
  const clear = useAvailabilityMutation(() => availabilityApi.clearDay(view!.date), {
    onSuccess: () => {
      toast({ title: 'Journée effacée', description: 'Elle redevient « non renseignée ».' });
      onClose();
    },
    onError: failed,
  });
  const busy = save.isPending || clear.isPending;

  return (
    <Dialog.Root open={view !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className={dialogPanel('compact')}
        >
          <Dialog.Title className="text-lg font-bold">{view ? formatLongDay(view.date) : ''}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-1 text-sm text-ink-muted">
              {view && view.missions.length > 0 ? (
                <ul className="space-y-1">
                  {view.missions.map((mission) => (
                    <li key={mission.id} className="user-text">
                      Mission « {mission.title} », {formatTime(mission.startDate)} →{' '}
                      {formatTime(mission.endDate)}. Ce jour ne peut pas être marqué entièrement disponible.
                    </li>
                  ))}
                </ul>
              ) : (
                'Dites aux transporteurs si vous pouvez rouler ce jour-là.'
              )}
            </div>
          </Dialog.Description>
          <form
            noValidate
            className="mt-4"
            onSubmit={(event) =>
              void form.handleSubmit((input) => {
                setRootError('');
                save.mutate(input);
              })(event)
            }
          >
            <FormFields>
              <fieldset className="space-y-2">
                <legend className="text-sm font-semibold">Ce jour-là, je suis</legend>
                {CHOICES.map((choice) => {
                  const Icon = STATUS_LOOK[choice].icon;
                  return (
                    <label
                      key={choice}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 has-[:checked]:border-accent has-[:checked]:bg-surface-sunken"
                    >
                      <input
                        type="radio"
                        value={choice}
                        {...form.register('status')}
                        className="h-5 w-5 accent-[var(--accent)]"
                      />
                      <span
                        className={`flex h-6 w-6 items-center justify-center rounded ${STATUS_LOOK[choice].chip} ${STATUS_LOOK[choice].ink}`}
                      >
                        <Icon className="h-4 w-4" aria-hidden="true" />
                      </span>
                      {AVAILABILITY_LABELS[choice]}
                    </label>
                  );
                })}
              </fieldset>
              {status === 'busy' && (
                <div className="grid grid-cols-2 gap-3">
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
              <TextAreaField
                label="Note (facultatif)"
                rows={2}
                maxLength={500}
                {...form.register('notes')}
                error={errors.notes?.message}
                placeholder="Retour de Lyon vers midi, préfère les régionaux…"
              />
              {rootError && (
                <p role="alert" className="text-sm font-medium text-danger">
                  {rootError}
                </p>
              )}
              <div className="flex flex-wrap justify-between gap-2">
                {view?.day ? (
                  <Button variant="ghost" disabled={busy} onClick={() => clear.mutate(undefined)}>
                    Effacer la journée
                  </Button>
                ) : (
                  <span />
                )}
                <div className="flex flex-wrap gap-2">
                  <Dialog.Close asChild>
                    <Button variant="secondary">Annuler</Button>
                  </Dialog.Close>
                  <Button type="submit" disabled={busy}>
                    {save.isPending ? 'Envoi...' : 'Enregistrer'}
                  </Button>
                </div>
              </div>
            </FormFields>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
