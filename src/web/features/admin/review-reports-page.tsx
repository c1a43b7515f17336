import { formatLongDateTime } from '#core/rules/french-dates.js';
import { Flag, Star } from 'lucide-react';
import { useState } from 'react';
import { SUB_SCORES, subScoreLabel } from '#core/rules/reviews.js';
import type { AdminReviewReport } from '#core/schemas/reviews.js';
import { ReviewPhotos } from '#web/ui/review-parts.js';
import { Button } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { ReasonDialog } from './reason-dialog.js';
import { useReviewReportDecision, useReviewReports } from './review-reports-api.js';
import { StatusBadge } from './status-badge.js';

const STATUS_LABELS = { open: 'À traiter', dismissed: 'Avis gardé', removed: 'Avis retiré' } as const;
const STATUS_TONES = { open: 'pending', dismissed: 'verified', removed: 'rejected' } as const;
const ROLE = { driver: 'Chauffeur', transporter: 'Transporteur' } as const;

const nameOf = (person: { fullName: string; companyName: string | null }) =>
  person.companyName ? `${person.companyName} (${person.fullName})` : person.fullName;

function ReportItem({
  report,
  onDecide,
}: {
  report: AdminReviewReport;
  onDecide: (decision: 'dismiss' | 'remove') => void;
}) {
  const { review } = report;
  const given = SUB_SCORES.filter((key) => review[key] !== null);
  return (
    <li className="space-y-3 rounded-2xl border border-line bg-surface-raised p-5">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={STATUS_TONES[report.status]}>{STATUS_LABELS[report.status]}</StatusBadge>
        <span className="text-sm text-ink-muted">
          Signalé le {formatLongDateTime(report.createdAt)} par {report.reporterName}
          {report.resolvedAt ? ` · décidé le ${formatLongDateTime(report.resolvedAt)}` : ''}
        </span>
      </div>
      <blockquote className="user-text rounded-lg bg-surface-sunken p-3">
        <span className="block text-sm font-semibold text-ink-muted">Motif du signalement</span>
        {report.reason}
      </blockquote>
      <div className="space-y-2">
        <p className="user-text">
          <strong>{nameOf(review.reviewer)}</strong>{' '}
          <span className="text-ink-muted">({ROLE[review.reviewer.role]})</span> sur{' '}
          <strong>{nameOf(review.reviewee)}</strong>{' '}
          <span className="text-ink-muted">({ROLE[review.reviewee.role]})</span>
        </p>
        <p className="user-text text-sm text-ink-muted">
          Mission {`«\u00a0${review.missionTitle}\u00a0»`} · écrit le {formatLongDateTime(review.createdAt)}
        </p>
        <p className="flex items-center gap-1 font-bold">
          <Star className="h-5 w-5 fill-current text-accent" aria-hidden="true" /> {review.rating}/5
        </p>
        {given.length > 0 && (
          <p className="text-sm text-ink-muted">
            {given.map((key) => `${subScoreLabel(key, review.reviewee.role)} ${review[key]}/5`).join(' · ')}
          </p>
        )}
        {review.comment ? (
          <p className="user-text whitespace-pre-line">{review.comment}</p>
        ) : (
          <p className="text-ink-muted">Sans commentaire.</p>
        )}
        <ReviewPhotos urls={review.photos} />
      </div>
      {report.status === 'open' && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onDecide('dismiss')}>
            Garder l’avis
          </Button>
          <Button variant="danger" onClick={() => onDecide('remove')}>
            Retirer l’avis
          </Button>
        </div>
      )}
    </li>
  );
}

/** /admin/avis: reviews reported by the member they are about; keep or remove each, with a reason. */
export function AdminReviewReportsPage() {
  const reports = useReviewReports();
  const decide = useReviewReportDecision();
  const toast = useToast();
  const [pending, setPending] = useState<{
    report: AdminReviewReport;
    decision: 'dismiss' | 'remove';
  } | null>(null);
  if (reports.isPending) return <Spinner />;
  const list = reports.data?.reports ?? [];
  return (
    <div className="space-y-5">
      <PageHeader
        title="Avis signalés"
        description="Un avis retiré n’est plus affiché ni compté dans la note du membre ; la décision est journalisée avec sa raison."
      />
      {list.length === 0 ? (
        <EmptyState icon={Flag} title="Aucun avis signalé">
          <p>Quand un membre signale un avis le concernant, il apparaît ici.</p>
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {list.map((report) => (
            <ReportItem
              key={report.id}
              report={report}
              onDecide={(decision) => setPending({ report, decision })}
            />
          ))}
        </ul>
      )}
      <ReasonDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.decision === 'remove' ? 'Retirer cet avis' : 'Garder cet avis'}
        description={
          pending?.decision === 'remove'
            ? 'L’avis ne sera plus affiché et la note du membre sera recalculée sans lui.'
            : 'L’avis reste publié ; le signalement est clos.'
        }
        label="Raison de la décision"
        hint="Gardée dans le journal d’administration."
        confirmLabel={pending?.decision === 'remove' ? 'Retirer l’avis' : 'Garder l’avis'}
        failure="La décision n’a pas pu être enregistrée"
        onConfirm={async (reason) => {
          if (!pending) return;
          await decide.mutateAsync({ id: pending.report.id, decision: pending.decision, reason });
          toast({ title: pending.decision === 'remove' ? 'Avis retiré' : 'Avis gardé' });
        }}
      />
    </div>
  );
}
