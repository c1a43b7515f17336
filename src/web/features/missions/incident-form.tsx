import { useEffect, useState } from 'react';
import { INCIDENT_TYPES, type IncidentType } from '#core/rules/enums.js';
import { INCIDENT_LABELS } from '#core/rules/road.js';
import { ApiError } from '#web/lib/api.js';
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

type Errors = Partial<Record<'type' | 'occurredAt' | 'note' | 'photos' | '_', string>>;

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
  const [type, setType] = useState<IncidentType | ''>('');
  const [occurredAt, setOccurredAt] = useState(localNow);
  // Left as it was: "now" is the server's time of the report, to the second.
  const [timeChanged, setTimeChanged] = useState(false);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [position, setPosition] = useState<Position | null>(null);

  useEffect(() => {
    let live = true;
    void currentPosition().then((found) => live && setPosition(found));
    return () => {
      live = false;
    };
  }, []);

  const submit = async () => {
    if (!type) {
      setErrors({ type: 'Choisissez le type d’incident' });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const form = new FormData();
      form.append('type', type);
      const when = new Date(occurredAt);
      if (timeChanged && occurredAt && !Number.isNaN(when.getTime()))
        form.append('occurredAt', when.toISOString());
      if (note.trim()) form.append('note', note.trim());
      appendPosition(form, position);
      appendPhotos(form, photos);
      setDelivery(await deliveryApi.incident(missionId, form));
      toast({
        title: `Incident signalé : ${INCIDENT_LABELS[type].toLowerCase()}`,
        description: 'Le transporteur est prévenu.',
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        const known = (['type', 'occurredAt', 'note', 'photos'] as const).filter((field) => fields[field]);
        setErrors(
          known.length
            ? Object.fromEntries(known.map((field) => [field, fields[field]]))
            : { _: error.message },
        );
      } else {
        setErrors({ _: 'Pas de connexion : votre saisie est gardée. Réessayez quand le réseau revient.' });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      aria-label="Signaler un incident"
      className="space-y-4 rounded-xl border border-line bg-surface-sunken/40 p-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SelectField
        label="Type d’incident"
        placeholder="Choisir…"
        options={INCIDENT_TYPES.map((value) => ({ value, label: INCIDENT_LABELS[value] }))}
        value={type}
        error={errors.type}
        onChange={(event) => setType(event.target.value as IncidentType | '')}
      />
      <TextField
        label="Heure"
        type="datetime-local"
        max={localNow()}
        value={occurredAt}
        error={errors.occurredAt}
        onChange={(event) => {
          setOccurredAt(event.target.value);
          setTimeChanged(true);
        }}
      />
      <TextAreaField
        label="Ce qui s’est passé"
        hint="Où, ce qui est touché, le retard prévu…"
        rows={3}
        maxLength={1000}
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
      <PhotoPicker
        label="Photos (facultatif)"
        hint="5 photos au plus."
        photos={photos}
        onChange={setPhotos}
        error={errors.photos}
      />
      {errors._ && (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
          {errors._}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" disabled={sending} onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" variant="danger" disabled={sending}>
          {sending ? 'Envoi…' : 'Signaler l’incident'}
        </Button>
      </div>
    </form>
  );
}
