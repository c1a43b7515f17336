import { formatLongDateTime } from '#core/rules/french-dates.js';
import { useState, type ReactNode } from 'react';
import {
  BUG_CATEGORY_LABELS,
  BUG_PRIORITY_LABELS,
  BUG_STATUS_LABELS,
  type BugPriority,
  type BugStatus,
} from '#core/rules/bug-reports.js';
import { BUG_PRIORITIES, BUG_STATUSES } from '#core/rules/enums.js';
import { ROLE_LABELS } from '#core/rules/roles.js';
import { BUG_TEXT_MAX, type AdminBugReport, type AdminBugReportUpdate } from '#core/schemas/bug-reports.js';
import { ApiError } from '#web/lib/api.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { SelectField, TextAreaField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { useUpdateBugReport } from './bug-reports-api.js';

const STATUS_OPTIONS = BUG_STATUSES.map((value) => ({ value, label: BUG_STATUS_LABELS[value] }));
const PRIORITY_OPTIONS = BUG_PRIORITIES.map((value) => ({ value, label: BUG_PRIORITY_LABELS[value] }));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="user-text break-words">{children}</dd>
    </div>
  );
}

/** The team's handling: status, priority, internal notes and the answer the reporter reads. */
function HandlingForm({ report }: { report: AdminBugReport }) {
  const update = useUpdateBugReport();
  const toast = useToast();
  const [status, setStatus] = useState<BugStatus>(report.status);
  const [priority, setPriority] = useState<BugPriority>(report.priority);
  const [notes, setNotes] = useState(report.adminNotes ?? '');
  const [answer, setAnswer] = useState(report.publicAnswer ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const tellsReporter =
    report.reporter !== null && (status !== report.status || answer.trim() !== (report.publicAnswer ?? ''));

  const save = async () => {
    setErrors({});
    setFailure(null);
    try {
      // Only what changed here: another administrator's change to the other fields meanwhile stays.
      const changes: AdminBugReportUpdate = {};
      if (status !== report.status) changes.status = status;
      if (priority !== report.priority) changes.priority = priority;
      if (notes.trim() !== (report.adminNotes ?? '')) changes.adminNotes = notes;
      if (answer.trim() !== (report.publicAnswer ?? '')) changes.publicAnswer = answer;
      await update.mutateAsync({ id: report.id, changes });
      toast({
        title: 'Signalement enregistré',
        description: tellsReporter ? 'Le déclarant est prévenu par une alerte et un e-mail.' : undefined,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      setFailure(
        errorMessage(error, 'Les changements n’ont pas pu être enregistrés. Réessayez dans un instant.'),
      );
    }
  };

  return (
    <form
      noValidate
      className="space-y-4 border-t border-line pt-5"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3 className="font-bold">Traitement</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Statut"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(event) => setStatus(event.target.value as BugStatus)}
          error={errors.status}
        />
        <SelectField
          label="Priorité"
          value={priority}
          options={PRIORITY_OPTIONS}
          onChange={(event) => setPriority(event.target.value as BugPriority)}
          error={errors.priority}
        />
      </div>
      <TextAreaField
        label="Notes internes — jamais montrées au déclarant"
        rows={3}
        maxLength={BUG_TEXT_MAX}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        error={errors.adminNotes}
      />
      <TextAreaField
        label="Réponse au déclarant"
        rows={4}
        maxLength={BUG_TEXT_MAX}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        hint="Lue par le déclarant sur sa page « Signaler un bug ». Il est prévenu (alerte et e-mail) quand vous répondez ou changez le statut."
        error={errors.publicAnswer}
      />
      {failure && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Enregistrement…' : 'Enregistrer'}
      </Button>
    </form>
  );
}

/** One report in full: what the reporter said and sent, then its handling. */
export function BugReportDetail({ report }: { report: AdminBugReport }) {
  const reporter = report.reporter;
  return (
    <article className="space-y-5 rounded-2xl border border-line bg-surface-raised p-5 sm:p-6">
      <header className="space-y-1">
        <h2 data-review-heading tabIndex={-1} className="user-text text-xl font-bold">
          {report.title}
        </h2>
        <p className="text-sm text-ink-muted">
          {BUG_CATEGORY_LABELS[report.category]} · envoyé le {formatLongDateTime(report.createdAt)}
          {report.resolvedAt ? ` · traité le ${formatLongDateTime(report.resolvedAt)}` : ''}
        </p>
      </header>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Déclarant">
          {reporter ? (
            <>
              {reporter.companyName ? `${reporter.companyName} (${reporter.fullName})` : reporter.fullName}
              <span className="text-ink-muted"> · {ROLE_LABELS[reporter.role]}</span>
              <br />
              <a className="underline" href={`mailto:${reporter.email}`}>
                {reporter.email}
              </a>
            </>
          ) : (
            'Compte supprimé'
          )}
        </Fact>
        <Fact label="Page concernée">{report.page ?? 'Non précisée'}</Fact>
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-ink-muted">Description</h3>
        <p className="user-text whitespace-pre-line">{report.description}</p>
      </div>
      {report.screenshotUrl && (
        <div>
          <h3 className="text-sm font-semibold text-ink-muted">Capture d’écran</h3>
          <a href={report.screenshotUrl} target="_blank" rel="noreferrer" className="mt-1 inline-block">
            <img
              src={report.screenshotUrl}
              alt={`Capture d’écran jointe à «\u00a0${report.title}\u00a0» (ouvrir en grand)`}
              className="max-h-80 max-w-full rounded-lg border border-line object-contain"
            />
          </a>
        </div>
      )}
      {report.browserInfo && (
        <details className="rounded-lg bg-surface-sunken p-3 text-sm">
          <summary className="cursor-pointer font-semibold">Informations techniques</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-xs">{report.browserInfo}</pre>
        </details>
      )}
      <HandlingForm key={`${report.id}-${report.updatedAt}`} report={report} />
    </article>
  );
}
