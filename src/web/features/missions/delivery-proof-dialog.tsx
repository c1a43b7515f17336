import { Dialog } from 'radix-ui';
import { MapPin, PackageCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { deliveryMessages } from '#core/schemas/delivery.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { ApiError } from '#web/lib/api.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { TextAreaField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { dialogOverlay } from '#web/ui/dialog.js';
import { missionApi, useMissionMutation } from './api.js';
import {
  appendPosition,
  currentPosition,
  deliveryApi,
  useSetDelivery,
  type Position,
} from './delivery-api.js';
import { appendPhotos, PhotoPicker, type PickedPhoto } from './delivery-photos.js';
import { SignatureField, type SignatureHandle } from './delivery-signature.js';

type Errors = Partial<Record<'recipientName' | 'signature' | 'photos' | 'note' | '_', string>>;

interface ProofValues {
  recipientName: string;
  note: string;
}

const resolver = lazyResolver<ProofValues>(
  async () => (await import('./resolvers.js')).proofResolver as never,
);

/** What went wrong, under the field it concerns when the server names one, else above the buttons. */
function errorsOf(error: unknown, stage: 'proof' | 'deliver'): Errors {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    const known = ['recipientName', 'signature', 'photos', 'note'].filter((field) => fields[field]);
    if (known.length) return Object.fromEntries(known.map((field) => [field, fields[field]]));
    return {
      _:
        stage === 'deliver'
          ? `La preuve est enregistrée, mais la mission n’a pas pu être marquée livrée : ${error.message}`
          : error.message,
    };
  }
  return {
    _: 'Pas de connexion : tout ce que vous avez saisi est gardé. Réessayez quand le réseau revient.',
  };
}

/**
 * "Marquer livré": the proof of delivery — the recipient's name, their signature drawn on the phone, photos of
 * the delivery note / CMR, the position if the phone gives it — sent first, then the mission is marked
 * delivered. A failure keeps everything filled in and says why.
 */
export function DeliveryProofDialog({
  detail,
  onDelivered,
  onCancel,
}: {
  detail: MissionDetail;
  onDelivered: () => void;
  onCancel: () => void;
}) {
  const missionId = detail.mission.id;
  const toast = useToast();
  const setDelivery = useSetDelivery(missionId);
  const signature = useRef<SignatureHandle>(null);
  const form = useForm<ProofValues>({ resolver, defaultValues: { recipientName: '', note: '' } });
  const fieldErrors = form.formState.errors;
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  // What the form's fields do not hold: the signature, the photos, and what concerns no field.
  const [errors, setErrors] = useState<Errors>({});
  const sending = form.formState.isSubmitting;
  const [position, setPosition] = useState<Position | null | 'searching'>('searching');
  const deliver = useMissionMutation(() => missionApi.act(missionId, 'deliver'));

  useEffect(() => {
    resolver.preload();
    let live = true;
    void currentPosition().then((found) => live && setPosition(found));
    return () => {
      live = false;
    };
  }, []);

  /** The signature is drawn, not typed: checked beside the fields, its error shown with theirs. */
  const signed = () => {
    const empty = signature.current?.isEmpty() ?? true;
    setErrors(empty ? { signature: deliveryMessages.signatureRequired } : {});
    return !empty;
  };

  const submit = form.handleSubmit(async ({ recipientName, note }) => {
    if (!signed()) return;
    let stage: 'proof' | 'deliver' = 'proof';
    try {
      const body = new FormData();
      body.append('recipientName', recipientName.trim());
      if (note.trim()) body.append('note', note.trim());
      appendPosition(body, position === 'searching' ? null : position);
      body.append('signature', (await signature.current!.toBlob())!, 'signature.png');
      appendPhotos(body, photos);
      setDelivery(await deliveryApi.proof(missionId, body));
      stage = 'deliver';
      await deliver.mutateAsync(undefined);
      toast({ title: 'Mission livrée', description: `Réceptionnée par ${recipientName.trim()}` });
      onDelivered();
    } catch (error) {
      const found = errorsOf(error, stage);
      for (const field of ['recipientName', 'note'] as const)
        if (found[field]) form.setError(field, { message: found[field] });
      setErrors(found);
    }
  }, signed);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !sending && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content
          aria-describedby="delivery-proof-intro"
          className="fixed inset-0 z-[60] overflow-y-auto bg-surface-raised p-4 pb-8 sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[92vh] sm:w-[min(36rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-line sm:p-6 sm:shadow-xl"
        >
          <Dialog.Title className="flex items-center gap-2 text-lg font-bold">
            <PackageCheck className="h-5 w-5 text-accent" aria-hidden="true" />
            Preuve de livraison
          </Dialog.Title>
          <p id="delivery-proof-intro" className="mt-1 text-sm text-ink-muted">
            Le nom et la signature de la personne qui réceptionne, et les photos du bon de livraison ou de la
            CMR. {detail.mission.companyName ?? 'Le transporteur'} reçoit la preuve en PDF.
          </p>
          <form className="mt-4 space-y-4" noValidate onSubmit={(event) => void submit(event)}>
            <TextField
              label="Nom de la personne qui réceptionne"
              autoComplete="off"
              autoCapitalize="words"
              maxLength={120}
              {...form.register('recipientName')}
              error={fieldErrors.recipientName?.message}
            />
            <SignatureField
              ref={signature}
              label="Signature du destinataire"
              error={errors.signature}
              onChange={(empty) => !empty && setErrors(({ signature: _, ...rest }) => rest)}
            />
            <PhotoPicker
              label="Photos du bon de livraison / CMR (facultatif)"
              hint="5 photos au plus ; prenez le document à plat, bien éclairé."
              photos={photos}
              onChange={setPhotos}
              error={errors.photos}
            />
            <TextAreaField
              label="Remarque (facultatif)"
              hint="Réserves du destinataire, palette refusée…"
              rows={2}
              maxLength={1000}
              {...form.register('note')}
              error={fieldErrors.note?.message}
            />
            <p className="flex items-start gap-1.5 text-sm text-ink-muted" aria-live="polite">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {position === 'searching'
                ? 'Position : recherche en cours…'
                : position
                  ? `Position relevée (à ${Math.round(position.accuracy)} m près), jointe à la preuve.`
                  : 'Position non disponible : la preuve sera enregistrée sans elle.'}
            </p>
            {errors._ && (
              <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
                {errors._}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="secondary" disabled={sending} onClick={onCancel}>
                Annuler
              </Button>
              <Button type="submit" disabled={sending}>
                {sending ? 'Envoi…' : 'Enregistrer et marquer livrée'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
