import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSignature, FileText } from 'lucide-react';
import { useState } from 'react';
import type { Engagement } from '#core/schemas/engagements.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import { Button } from '#web/ui/button.js';
import { Checkbox, TextAreaField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { useMissionMutation } from './api.js';
import { Section, useToastError } from './detail-section.js';

const ROLE_LABELS = { transporter: 'Transporteur', driver: 'Chauffeur' } as const;
const engagementKey = (id: string) => ['/api/missions', id, 'engagement'] as const;

/** Field messages of a refused request (`errors`), else nothing. */
function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}

/**
 * The mission's engagement document (contract proposal or transport order) for its two parties: open the PDF,
 * see who signed, sign with one's typed name and consent; the transporter may start without signatures, in writing.
 */
export function EngagementPanel({ detail }: { detail: MissionDetail }) {
  const { mission } = detail;
  // Its two parties (and admins) are the only ones who see who drives it: the others never ask.
  const shown =
    mission.driverId !== null &&
    ['assigned', 'in_progress', 'delivered', 'completed'].includes(mission.status);
  const { data: engagement } = useQuery<Engagement>({ queryKey: engagementKey(mission.id), enabled: shown });
  if (!shown || !engagement) return null;
  const signed = new Map(engagement.signatures.map((signature) => [signature.role, signature]));
  return (
    <Section title="Document d’engagement">
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <FileText aria-hidden className="h-5 w-5 shrink-0 text-ink-muted" />
          <p className="min-w-0 flex-1 basis-52">
            <strong>{engagement.title}</strong>{' '}
            <span className="text-ink-muted">
              {engagement.fullySigned ? '— signé par les deux parties' : '— à signer par les deux parties'}
            </span>
          </p>
          <a
            className="font-semibold text-accent underline"
            href={engagement.fileUrl}
            target="_blank"
            rel="noreferrer"
          >
            {engagement.fullySigned ? 'Ouvrir la copie signée (PDF)' : 'Lire le document (PDF)'}
          </a>
        </div>
        <ul className="grid gap-2 sm:grid-cols-2">
          {(['transporter', 'driver'] as const).map((role) => {
            const signature = signed.get(role);
            return (
              <li key={role} className="rounded-lg border border-line p-3 text-sm">
                <span className="font-semibold">{ROLE_LABELS[role]} : </span>
                {signature ? (
                  <span className="user-text">
                    signé par {signature.name} le {formatDateTime(signature.signedAt)}
                  </span>
                ) : (
                  <span className="text-ink-muted">pas encore signé</span>
                )}
              </li>
            );
          })}
        </ul>
        {engagement.waivedAt && !engagement.fullySigned && (
          <p className="rounded-lg border border-line p-3 text-sm">
            Le transporteur a accepté de démarrer sans signatures le {formatDateTime(engagement.waivedAt)}{' '}
            (motif dans l’historique).
          </p>
        )}
        {!engagement.fullySigned && !engagement.waivedAt && mission.status === 'assigned' && (
          <p className="text-sm text-ink-muted">
            La mission pourra démarrer une fois le document signé par les deux parties.
          </p>
        )}
        {engagement.canSign && <SignForm missionId={mission.id} engagement={engagement} />}
        {engagement.canWaive && <WaiveForm missionId={mission.id} />}
      </div>
    </Section>
  );
}

function useEngagementMutation<T>(
  missionId: string,
  request: (body: T) => Promise<Engagement>,
  done: () => void,
) {
  const queryClient = useQueryClient();
  return useMissionMutation(request, {
    onSuccess: async (next) => {
      queryClient.setQueryData(engagementKey(missionId), next);
      done();
    },
  });
}

function SignForm({ missionId, engagement }: { missionId: string; engagement: Engagement }) {
  const toast = useToast();
  const failed = useToastError();
  const [typedName, setTypedName] = useState('');
  const [consent, setConsent] = useState(false);
  const sign = useEngagementMutation(
    missionId,
    (body: { typedName: string; consent: boolean }) =>
      apiRequest<Engagement>('POST', `/api/missions/${missionId}/engagement/sign`, body),
    () => toast({ title: 'Document signé', description: engagement.title }),
  );
  const errors = fieldErrors(sign.error);
  return (
    <form
      className="space-y-3 rounded-xl border border-accent p-4"
      onSubmit={(event) => {
        event.preventDefault();
        sign.mutate(
          { typedName, consent },
          {
            onError: (error) =>
              !fieldErrors(error).typedName &&
              !fieldErrors(error).consent &&
              failed('Signature impossible')(error),
          },
        );
      }}
    >
      <p className="flex items-center gap-2 font-semibold">
        <FileSignature aria-hidden className="h-5 w-5" /> Signer en tant que{' '}
        {ROLE_LABELS[engagement.myRole as 'driver'].toLowerCase()}
      </p>
      <TextField
        label="Votre nom complet"
        autoComplete="name"
        value={typedName}
        onChange={(event) => setTypedName(event.target.value)}
        error={errors.typedName}
      />
      <Checkbox
        label={<span className="text-sm">{engagement.consentText}</span>}
        checked={consent}
        onChange={(event) => setConsent(event.target.checked)}
      />
      {errors.consent && (
        <p className="text-sm font-medium text-danger" role="alert">
          {errors.consent}
        </p>
      )}
      <Button type="submit" disabled={sign.isPending}>
        Signer le document
      </Button>
    </form>
  );
}

function WaiveForm({ missionId }: { missionId: string }) {
  const toast = useToast();
  const failed = useToastError();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const waive = useEngagementMutation(
    missionId,
    (body: { reason: string }) =>
      apiRequest<Engagement>('POST', `/api/missions/${missionId}/engagement/waive`, body),
    () => {
      setOpen(false);
      toast({ title: 'Démarrage sans signatures accepté' });
    },
  );
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Démarrer sans signatures…
      </Button>
    );
  return (
    <form
      className="space-y-3 rounded-xl border border-line p-4"
      onSubmit={(event) => {
        event.preventDefault();
        waive.mutate(
          { reason },
          { onError: (error) => !fieldErrors(error).reason && failed('Impossible')(error) },
        );
      }}
    >
      <TextAreaField
        label="Pourquoi le chauffeur démarre-t-il sans signatures ?"
        hint="Votre réponse est inscrite dans l’historique de la mission."
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={fieldErrors(waive.error).reason}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={waive.isPending}>
          Confirmer
        </Button>
        <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
