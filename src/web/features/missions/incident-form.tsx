import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { INCIDENT_TYPES, type IncidentType } from '#core/rules/enums.js';
import { INCIDENT_LABELS } from '#core/rules/road.js';
import { ApiError } from '#web/lib/api.js';
import { showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { SelectField, TextAreaField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import {
  appendPosition,
  currentPosition,
  deliveryApi,
  useSetDelivery,
  type Position,
} from './delivery-api.js';
import { appendPhotos, PhotoPicker, type PickedPhoto } from './delivery-photos.js';

interface IncidentValues {
  type: IncidentType | '';
  /** What a datetime-local field holds, in the phone's own time. */
  occurredAt: string;
  note: string;
}

const resolver = lazyResolver<IncidentValues>(
  async () => (await import('./resolvers.js')).incidentResolver as never,
);

/** "2026-11-23T14:05" in the phone's own time (what a datetime-local field holds). */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * "Signaler un incident": what happened (retard, panne, accident, marchandise endommagée, attente au quai), when
 * (now unless changed), a note and photos; the position if the phone gives it. The transporter is alerted at once.
 */
export function IncidentForm({ missionId, onDone }: { missionId: string; onDone: () => void }) {
  const toast = useToast();
  const setDelivery = useSetDelivery(missionId);
  const form = useForm<IncidentValues>({
    resolver,
    defaultValues: { type: '', occurredAt: localNow(), note: '' },
  });
  // Left as it was, the time is not sent: "now" is the server's time of the report, to the second.
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [position, setPosition] = useState<Position | null>(null);

  useEffect(() => {
    let live = true;
    void currentPosition().then((found) => live && setPosition(found));
    return () => {
      live = false;
    };
  }, []);

  const submit = form.handleSubmit(
    async ({ type, occurredAt, note }) => {
      setFailure(null);
      setPhotoError(undefined);
      if (!type) return;
      try {
        const body = new FormData();
        body.append('type', type);
        const when = new Date(occurredAt);
        if (dirtyFields.occurredAt && occurredAt && !Number.isNaN(when.getTime()))
          body.append('occurredAt', when.toISOString());
        if (note.trim()) body.append('note', note.trim());
        appendPosition(body, position);
        appendPhotos(body, photos);
        const label = `Incident : ${INCIDENT_LABELS[type].toLowerCase()}`;
        const outcome = await deliveryApi.incident(missionId, body, label);
        if (outcome.status === 'sent') {
          setDelivery(outcome.result);
          toast({
            title: `Incident signalé : ${INCIDENT_LABELS[type].toLowerCase()}`,
            description: 'Le transporteur est prévenu.',
          });
        } else {
          toast({
            title: 'Incident enregistré sur le téléphone',
            description: 'Pas de réseau : il partira dès le retour du réseau, avec l’heure de maintenant.',
          });
        }
        onDone();
      } catch (error) {
        if (error instanceof ApiError) {
          const photos = error.fieldErrors.photos;
          setPhotoError(photos);
          if (!showFieldErrors(form, error) && !photos) setFailure(error.message);
        } else {
          setFailure('Pas de connexion : votre saisie est gardée. Réessayez quand le réseau revient.');
        }
      }
    },
    () => setFailure(null),
  );

  return (
    <form
      aria-label="Signaler un incident"
      className="space-y-4 rounded-xl border border-line bg-surface-sunken/40 p-4"
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={resolver.preload}
    >
      <SelectField
        label="Type d’incident"
        placeholder="Choisir…"
        options={INCIDENT_TYPES.map((value) => ({ value, label: INCIDENT_LABELS[value] }))}
        {...form.register('type')}
        error={errors.type?.message}
      />
      <TextField
        label="Heure"
        type="datetime-local"
        max={localNow()}
        {...form.register('occurredAt')}
        error={errors.occurredAt?.message}
      />
      <TextAreaField
        label="Ce qui s’est passé"
        hint="Où, ce qui est touché, le retard prévu…"
        rows={3}
        maxLength={1000}
        {...form.register('note')}
        error={errors.note?.message}
      />
      <PhotoPicker
        label="Photos (facultatif)"
        hint="5 photos au plus."
        photos={photos}
        onChange={(next) => {
          setPhotos(next);
          setPhotoError(undefined);
        }}
        error={photoError}
      />
      {failure && (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" disabled={isSubmitting} onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          {isSubmitting ? 'Envoi…' : 'Signaler l’incident'}
        </Button>
      </div>
    </form>
  );
}
