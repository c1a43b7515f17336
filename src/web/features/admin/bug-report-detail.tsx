import { formatLongDateTime } from '#core/rules/french-dates.js';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
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
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
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

interface HandlingValues {
  status: BugStatus;
  priority: BugPriority;
  adminNotes: string;
  publicAnswer: string;
}

const resolver = lazyResolver<HandlingValues>(
  async () => (await import('./resolvers.js')).bugHandlingResolver as never,
);

/** The team's handling: status, priority, internal notes and the answer the reporter reads. */
function HandlingForm({ report }: { report: AdminBugReport }) {
  const update = useUpdateBugReport();
  const toast = useToast();
  const form = useForm<HandlingValues>({
    resolver,
    defaultValues: {
      status: report.status,
      priority: report.priority,
      adminNotes: report.adminNotes ?? '',
      publicAnswer: report.publicAnswer ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const status = form.watch('status');
  const answer = form.watch('publicAnswer');
  const tellsReporter =
    report.reporter !== null && (status !== report.status || answer.trim() !== (report.publicAnswer ?? ''));

  const save = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // Only what changed here: another administrator's change to the other fields meanwhile stays.
      const changes: AdminBugReportUpdate = {};
      if (values.status !== report.status) changes.status = values.status;
      if (values.priority !== report.priority) changes.priority = values.priority;
      if (values.adminNotes.trim() !== (report.adminNotes ?? '')) changes.adminNotes = values.adminNotes;
      if (values.publicAnswer.trim() !== (report.publicAnswer ?? ''))
        changes.publicAnswer = values.publicAnswer;
      await update.mutateAsync({ id: report.id, changes });
      toast({
        title: 'Signalement enregistré',
        description: tellsReporter ? 'Le déclarant est prévenu par une alerte et un e-mail.' : undefined,
        variant: 'success',
      });
    } catch (error) {
      showFieldErrors(form, error);
      setFailure(
        errorMessage(error, 'Les changements n’ont pas pu être enregistrés. Réessayez dans un instant.'),
      );
    }
  });

  return (
    <form
      noValidate
      className="space-y-4 border-t border-line pt-5"
      onSubmit={(event) => void save(event)}
      onFocus={resolver.preload}
    >
      <h3 className="font-bold">Traitement</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Statut"
          options={STATUS_OPTIONS}
          {...form.register('status')}
          error={errors.status?.message}
        />
        <SelectField
          label="Priorité"
          options={PRIORITY_OPTIONS}
          {...form.register('priority')}
          error={errors.priority?.message}
        />
      </div>
      <TextAreaField
        label="Notes internes — jamais montrées au déclarant"
        rows={3}
        maxLength={BUG_TEXT_MAX}
        {...form.register('adminNotes')}
        error={errors.adminNotes?.message}
      />
      <TextAreaField
        label="Réponse au déclarant"
        rows={4}
        maxLength={BUG_TEXT_MAX}
        {...form.register('publicAnswer')}
        hint="Lue par le déclarant sur sa page « Signaler un bug ». Il est prévenu (alerte et e-mail) quand vous répondez ou changez le statut."
        error={errors.publicAnswer?.message}
      />
      {failure && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Enregistrement…' : 'Enregistrer'}
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
