import { FileWarning, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { APPLICATION_STATUS_LABELS, DOCUMENT_LABELS, type RequiredDocument } from '#core/rules/missions.js';
import { APPLICATION_LIMIT_MESSAGE, applicationsLeftLabel } from '#core/rules/plans.js';
import { conversationPath } from '#core/schemas/messaging.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { EMAIL_NOT_VERIFIED, emailRequiredMessages } from '#core/schemas/users.js';
import { EmailRequiredNotice } from '#web/app/verification-banner.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { TextAreaField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { missionApi, useMissionMutation } from './api.js';
import { Section, useToastError } from './detail-section.js';

/** A driver's box: apply with a message, or the own application's status, the way to write, withdraw. */
export function ApplyBox({ detail }: { detail: MissionDetail }) {
  const toast = useToast();
  const failed = useToastError();
  const [message, setMessage] = useState('');
  const apply = useMissionMutation((text: string) => missionApi.apply(detail.mission.id, text), {
    onSuccess: (application) => {
      toast({
        title: 'Candidature envoyée',
        description: application.missingDocuments.length
          ? `Pensez à fournir : ${application.missingDocuments.map((d) => DOCUMENT_LABELS[d as RequiredDocument]).join(', ')}.`
          : 'Le transporteur est prévenu.',
      });
    },
    onError: failed('Candidature impossible'),
  });
  const withdraw = useMissionMutation((id: string) => missionApi.decide(id, 'withdraw'), {
    onSuccess: () => toast({ title: 'Candidature retirée' }),
    onError: failed('Retrait impossible'),
  });
  const mine = detail.myApplication;
  if (mine) {
    return (
      <Section title="Ma candidature">
        <p>
          Statut : <strong>{APPLICATION_STATUS_LABELS[mine.status]}</strong>
        </p>
        {mine.missingDocuments.length > 0 && (
          <p className="mt-2 flex gap-2 text-sm text-accent">
            <FileWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
            Documents demandés que vous n’avez pas encore fournis :{' '}
            {mine.missingDocuments.map((d) => DOCUMENT_LABELS[d as RequiredDocument]).join(', ')}.{' '}
            <Link href="/documents" className="font-semibold underline">
              Mes documents
            </Link>
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {mine.status !== 'withdrawn' && detail.company && (
            <Link
              href={conversationPath(detail.company.id, detail.mission.id)}
              className={buttonClasses('secondary')}
            >
              <MessageSquare className="h-4 w-4" aria-hidden="true" /> Écrire au transporteur
            </Link>
          )}
          {mine.status === 'pending' && (
            <Button
              variant="secondary"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate(mine.id)}
            >
              Retirer ma candidature
            </Button>
          )}
        </div>
      </Section>
    );
  }
  return (
    <Section title="Postuler">
      {detail.canApply ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            apply.mutate(message);
          }}
        >
          <TextAreaField
            label="Message au transporteur (facultatif)"
            rows={3}
            maxLength={1000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder="Disponible dès 5 h, habitué des quais de Rungis…"
          />
          {detail.missingDocumentsForMe.length > 0 && (
            <p className="flex gap-2 text-sm text-accent">
              <FileWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
              Cette mission demande des documents absents de votre profil :{' '}
              {detail.missingDocumentsForMe.map((d) => DOCUMENT_LABELS[d as RequiredDocument]).join(', ')}.
              Vous pouvez postuler, le transporteur le verra.
            </p>
          )}
          <Button type="submit" size="lg" disabled={apply.isPending}>
            {apply.isPending ? 'Envoi...' : 'Postuler à cette mission'}
          </Button>
          <p className="text-sm text-ink-muted">{applicationsLeftLabel(detail.applicationsLeft)}</p>
        </form>
      ) : (
        <div className="space-y-2">
          {detail.applyBlockedCode === EMAIL_NOT_VERIFIED ? (
            <EmailRequiredNotice message={detail.applyBlockedReason ?? emailRequiredMessages.apply} />
          ) : (
            <p role="status">{detail.applyBlockedReason}</p>
          )}
          {detail.applyBlockedReason === APPLICATION_LIMIT_MESSAGE && (
            <Link href="/pricing" className={buttonClasses('primary', 'sm')}>
              Voir les formules
            </Link>
          )}
        </div>
      )}
    </Section>
  );
}
