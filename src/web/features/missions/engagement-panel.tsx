import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSignature, FileText } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Engagement } from '#core/schemas/engagements.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { Link } from 'wouter';
import { apiRequest } from '#web/lib/api.js';
import { useSession } from '#web/lib/session.js';
import { showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import { asParty, partyTitle } from '#core/rules/parties.js';
import { Button } from '#web/ui/button.js';
import { Checkbox, TextAreaField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { useMissionMutation } from './api.js';
import { Section, useToastError } from './detail-section.js';

const engagementKey = (id: string) => ['/api/missions', id, 'engagement'] as const;

interface SignValues {
  typedName: string;
  consent: boolean;
}
interface WaiveValues {
  reason: string;
}
const signResolver = lazyResolver<SignValues>(
  async () => (await import('./resolvers.js')).signResolver as never,
);
const waiveResolver = lazyResolver<WaiveValues>(async () => (await import('./resolvers.js')).waiveResolver);

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
  const { user } = useSession();
  if (!shown || !engagement) return null;
  const signed = new Map(engagement.signatures.map((signature) => [signature.role, signature]));
  // The carrier sees what the order says is missing while it can still be made again (decision 042).
  const missingRegister =
    engagement.kind === 'independent' &&
    engagement.myRole === 'driver' &&
    engagement.signatures.length === 0 &&
    !engagement.waivedAt &&
    user?.id === mission.driverId &&
    !user?.transportRegisterNumber;
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
          {engagement.originalUrl && (
            <a
              className="text-sm text-accent underline"
              href={engagement.originalUrl}
              target="_blank"
              rel="noreferrer"
            >
              Original avant signatures (PDF)
            </a>
          )}
        </div>
        <ul className="grid gap-2 sm:grid-cols-2">
          {(['transporter', 'driver'] as const).map((role) => {
            const signature = signed.get(role);
            return (
              <li key={role} className="rounded-lg border border-line p-3 text-sm">
                <span className="font-semibold">{partyTitle(engagement.kind, role)} : </span>
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
        {missingRegister && (
          <p className="rounded-lg border border-accent bg-brand-500/10 p-3 text-sm" role="status">
            Votre numéro d’inscription au registre des transporteurs manque à l’ordre de transport.{' '}
            <Link href="/profile" className="font-semibold text-accent underline">
              Ajoutez-le à votre profil
            </Link>{' '}
            : l’ordre sera refait avec lui tant que personne ne l’a signé.
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
  const form = useForm<SignValues>({
    resolver: signResolver,
    defaultValues: { typedName: '', consent: false },
  });
  const { errors } = form.formState;
  const sign = useEngagementMutation(
    missionId,
    (body: { typedName: string; consent: boolean }) =>
      apiRequest<Engagement>('POST', `/api/missions/${missionId}/engagement/sign`, body),
    () => toast({ title: 'Document signé', description: engagement.title }),
  );
  const submit = form.handleSubmit((body) =>
    sign.mutate(body, {
      // A refusal of a field is said under it; any other, in a toast.
      onError: (error) => showFieldErrors(form, error) || failed('Signature impossible')(error),
    }),
  );
  return (
    <form
      noValidate
      className="space-y-3 rounded-xl border border-accent p-4"
      onSubmit={(event) => void submit(event)}
      onFocus={signResolver.preload}
    >
      <p className="flex items-center gap-2 font-semibold">
        <FileSignature aria-hidden className="h-5 w-5 shrink-0" /> Signer{' '}
        {asParty(engagement.kind, engagement.myRole as 'driver')}
      </p>
      <TextField
        label="Votre nom complet"
        autoComplete="name"
        {...form.register('typedName')}
        error={errors.typedName?.message}
      />
      <Checkbox
        label={<span className="text-sm">{engagement.consentText}</span>}
        {...form.register('consent')}
      />
      {errors.consent && (
        <p className="text-sm font-medium text-danger" role="alert">
          {errors.consent.message}
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
  const form = useForm<WaiveValues>({ resolver: waiveResolver, defaultValues: { reason: '' } });
  const waive = useEngagementMutation(
    missionId,
    (body: { reason: string }) =>
      apiRequest<Engagement>('POST', `/api/missions/${missionId}/engagement/waive`, body),
    () => {
      setOpen(false);
      toast({ title: 'Démarrage sans signatures accepté' });
    },
  );
  const submit = form.handleSubmit((body) =>
    waive.mutate(body, {
      onError: (error) => showFieldErrors(form, error) || failed('Impossible')(error),
    }),
  );
  if (!open)
    return (
      <Button
        variant="secondary"
        onClick={() => {
          waiveResolver.preload();
          setOpen(true);
        }}
      >
        Démarrer sans signatures…
      </Button>
    );
  return (
    <form
      noValidate
      className="space-y-3 rounded-xl border border-line p-4"
      onSubmit={(event) => void submit(event)}
    >
      <TextAreaField
        label="Pourquoi le chauffeur démarre-t-il sans signatures ?"
        hint="Votre réponse est inscrite dans l’historique de la mission."
        {...form.register('reason')}
        error={form.formState.errors.reason?.message}
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
