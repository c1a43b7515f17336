import { formatLongDateTime, parisInputValue } from '#core/rules/french-dates.js';
import { ArrowLeft, CheckCircle2, Clock, FileText, XCircle } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { formatPhoneFr } from '#core/rules/phone.js';
import type { RequirementVerdictView } from '#core/schemas/documents.js';
import { ApiError } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { TextAreaField, TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { adminApi, useAdminMutation, useDriverDetail, type AdminDriverDetail } from './api.js';
import { DocumentReview } from './document-review.js';
import { EcoDriverCard } from './eco-driver-card.js';
import {
  VALIDATION_LABELS,
  day,
  documentCountsText,
  documentTitle,
  requirementLabel,
  stateLabel,
} from './format.js';
import { HistoryList } from './history-list.js';
import { ReasonDialog } from './reason-dialog.js';
import { StatusBadge } from './status-badge.js';

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn('min-w-0 rounded-2xl border border-line bg-surface-raised p-4 sm:p-6', className)}
    >
      <h2 id={id} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function verdictText(verdict: RequirementVerdictView): string {
  switch (verdict.state) {
    case 'valid':
      return verdict.expiresOn ? `Vérifié, valable jusqu’au ${day(verdict.expiresOn)}` : 'Vérifié';
    case 'pending':
      return 'Déposé, à vérifier';
    case 'missing':
      return 'Manquant';
    case 'rejected':
      return verdict.reason ? `Refusé — ${verdict.reason}` : 'Refusé';
    case 'expires_before_end':
      return verdict.expiresOn ? `Expiré le ${day(verdict.expiresOn)}` : 'Expiré';
  }
}

const VERDICT_ICONS = { valid: CheckCircle2, pending: Clock } as const;

/** The papers the driver's profile needs, each judged for today, and whether the file is complete. */
function Requirements({ driver }: { driver: AdminDriverDetail }) {
  return (
    <Card title="Documents requis">
      <p
        className={cn(
          'mb-4 rounded-lg border p-3 text-sm font-semibold',
          driver.documentsVerified ? 'border-success/60 text-success' : 'border-line',
        )}
      >
        {driver.documentsVerified
          ? 'Dossier complet : tous les documents requis sont vérifiés et valides.'
          : 'Dossier incomplet : chaque document requis doit être vérifié et valide avant la validation.'}
      </p>
      <ul className="space-y-3">
        {driver.requirements.map((verdict) => {
          const Icon = VERDICT_ICONS[verdict.state as keyof typeof VERDICT_ICONS] ?? XCircle;
          return (
            <li key={verdict.requirement} className="flex items-start gap-3">
              <Icon
                className={cn(
                  'mt-0.5 h-5 w-5 shrink-0',
                  verdict.state === 'valid'
                    ? 'text-success'
                    : verdict.state === 'pending'
                      ? 'text-accent'
                      : 'text-danger',
                )}
                aria-hidden="true"
              />
              <span className="min-w-0">
                <span className="block font-semibold">{requirementLabel(verdict.requirement)}</span>
                <span className="user-text block text-sm text-ink-muted">{verdictText(verdict)}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** The driver's documents, each opened in place to look at its file and decide. */
function Documents({ driver }: { driver: AdminDriverDetail }) {
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  return (
    <Card title="Documents déposés">
      <p className="mb-3 text-sm text-ink-muted">{documentCountsText(driver.documentCounts)}</p>
      {driver.documents.length === 0 ? (
        <p className="text-ink-muted">Ce chauffeur n’a encore déposé aucun document.</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {driver.documents.map((document) => {
            const expanded = open === document.id;
            const panelId = `${baseId}-${document.id}`;
            return (
              <li
                key={document.id}
                className={cn('p-3 sm:p-4', document.status === 'replaced' && 'opacity-80')}
              >
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                  <div className="min-w-0">
                    <h3 className="flex flex-wrap items-center gap-2 font-bold">
                      <span className="user-text">{documentTitle(document)}</span>
                      <StatusBadge status={document.state}>{stateLabel(document.state)}</StatusBadge>
                    </h3>
                    <p className="text-sm text-ink-muted">
                      {document.number ? `N° ${document.number}` : 'Sans numéro'}
                      {document.expiresAt ? ` · expire le ${day(document.expiresAt)}` : ''} · déposé le{' '}
                      {formatLongDateTime(document.uploadedAt)}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : document.id)}
                  >
                    <FileText className="h-4 w-4" aria-hidden="true" />
                    {expanded ? 'Masquer' : 'Examiner'}
                    <span className="sr-only"> : {documentTitle(document)}</span>
                  </Button>
                </div>
                {expanded && (
                  <div id={panelId} className="mt-4">
                    <DocumentReview document={document} driverName={driver.fullName} showHeading={false} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

interface InterviewForm {
  interviewDate: string;
  notes: string;
}
const interviewResolver = lazyResolver<InterviewForm>(
  async () => (await import('./resolvers.js')).interviewResolver as never,
);

/** "Fixer l’entretien": a date and time in Paris time, and notes for the administrators. */
function Interview({ driver }: { driver: AdminDriverDetail }) {
  const toast = useToast();
  const { validation } = driver;
  const form = useForm<InterviewForm>({
    resolver: interviewResolver,
    defaultValues: {
      interviewDate: validation.interviewDate ? parisInputValue(validation.interviewDate) : '',
      notes: validation.interviewNotes ?? '',
    },
  });
  const { errors } = form.formState;
  const schedule = useAdminMutation(
    (values: InterviewForm) =>
      adminApi.scheduleInterview(driver.id, {
        interviewDate: values.interviewDate,
        ...(values.notes.trim() ? { notes: values.notes } : {}),
      }),
    {
      onSuccess: (updated) => {
        toast({
          title: 'Entretien fixé',
          description: updated.validation.interviewDate
            ? `${driver.fullName} : ${formatLongDateTime(updated.validation.interviewDate)}`
            : driver.fullName,
          variant: 'success',
        });
      },
      onError: (error) => {
        showFieldErrors(form, error);
        if (!(error instanceof ApiError && Object.keys(error.fieldErrors).length))
          form.setError('root', { message: errorMessage(error, 'L’entretien n’a pas pu être enregistré') });
      },
    },
  );
  if (validation.status !== 'pending_validation') {
    return validation.interviewDate ? (
      <p className="text-sm">Entretien du {formatLongDateTime(validation.interviewDate)}.</p>
    ) : null;
  }
  return (
    <div className="space-y-3">
      <h3 className="font-bold">Entretien</h3>
      {validation.interviewDate ? (
        <p className="text-sm">
          Prévu le <strong>{formatLongDateTime(validation.interviewDate)}</strong>
          {validation.interviewNotes && (
            <>
              {' — '}
              <span className="user-text">{validation.interviewNotes}</span>
            </>
          )}
        </p>
      ) : (
        <p className="text-sm text-ink-muted">Aucun entretien fixé.</p>
      )}
      <form
        noValidate
        className="space-y-3"
        aria-label="Fixer l’entretien"
        // The raw values go out: the server reads the date in Paris time, as the field shows it.
        onSubmit={form.handleSubmit(() => schedule.mutate(form.getValues()))}
      >
        <TextField
          label="Date et heure (heure de Paris)"
          type="datetime-local"
          error={errors.interviewDate?.message}
          onFocus={interviewResolver.preload}
          {...form.register('interviewDate')}
        />
        <TextAreaField
          label="Notes d’entretien (facultatif)"
          rows={3}
          maxLength={2000}
          error={errors.notes?.message}
          {...form.register('notes')}
        />
        {errors.root?.message && (
          <p role="alert" className="text-sm font-medium text-danger">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={schedule.isPending}>
          {schedule.isPending
            ? 'Enregistrement...'
            : validation.interviewDate
              ? 'Modifier l’entretien'
              : 'Fixer l’entretien'}
        </Button>
      </form>
    </div>
  );
}

/** Approve (asked first; refused by the server while the papers are not verified) or refuse with a reason. */
function Decision({ driver }: { driver: AdminDriverDetail }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [notes, setNotes] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const { validation } = driver;
  const approve = useAdminMutation(() => adminApi.approveDriver(driver.id, notes.trim() || undefined), {
    onSuccess: () => {
      setConfirming(false);
      setRefusal(null);
      setNotes('');
      toast({
        title: 'Chauffeur validé',
        description: `${driver.fullName} est prévenu.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      setConfirming(false);
      setRefusal(errorMessage(error, 'La validation n’a pas pu être enregistrée'));
    },
  });
  const reject = useAdminMutation((reason: string) => adminApi.rejectDriver(driver.id, reason), {
    onSuccess: () => {
      setRefusal(null);
      toast({ title: 'Chauffeur refusé', description: `${driver.fullName} verra le motif du refus.` });
    },
  });
  return (
    <div className="space-y-3">
      <h3 className="font-bold">Décision</h3>
      {validation.status === 'approved' && validation.validatedAt && (
        <p className="text-sm">Validé le {formatLongDateTime(validation.validatedAt)}.</p>
      )}
      {validation.status === 'rejected' && (
        <p className="text-sm">
          Refusé{validation.validatedAt ? ` le ${formatLongDateTime(validation.validatedAt)}` : ''}
          {validation.rejectionReason && (
            <>
              {' — '}
              <span className="user-text">{validation.rejectionReason}</span>
            </>
          )}
        </p>
      )}
      {validation.adminNotes && (
        <p className="text-sm">
          <span className="font-semibold">Note interne : </span>
          <span className="user-text">{validation.adminNotes}</span>
        </p>
      )}
      {validation.status !== 'approved' && (
        <TextAreaField
          label="Note interne (facultative)"
          hint="Gardée avec la validation, jamais montrée au chauffeur."
          rows={2}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {validation.status !== 'approved' && (
          <Button onClick={() => setConfirming(true)} disabled={approve.isPending}>
            <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
            Valider le chauffeur
          </Button>
        )}
        {validation.status !== 'rejected' && (
          <Button variant="danger" onClick={() => setRefusing(true)}>
            <XCircle className="h-5 w-5" aria-hidden="true" />
            Refuser
          </Button>
        )}
      </div>
      {refusal && (
        <p role="alert" className="rounded-lg border border-danger/60 p-3 text-sm font-medium text-danger">
          {refusal}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Valider ${driver.fullName} ?`}
        confirmLabel={approve.isPending ? 'Validation...' : 'Valider le chauffeur'}
        busy={approve.isPending}
        onConfirm={() => approve.mutate(undefined)}
      >
        <p>
          Son compte de chauffeur sera validé et il en sera prévenu. Vous pourrez encore le refuser plus tard.
        </p>
      </ConfirmDialog>
      <ReasonDialog
        open={refusing}
        onOpenChange={setRefusing}
        title={`Refuser ${driver.fullName}`}
        description="Indiquez pourquoi ce chauffeur n’est pas validé. Il verra ce motif."
        confirmLabel="Refuser le chauffeur"
        onConfirm={(reason) => reject.mutateAsync(reason)}
      />
    </div>
  );
}

function Validation({ driver }: { driver: AdminDriverDetail }) {
  return (
    <Card title="Validation">
      <div className="space-y-6">
        <p>
          <StatusBadge status={driver.validation.status}>
            {VALIDATION_LABELS[driver.validation.status]}
          </StatusBadge>
        </p>
        <Interview key={driver.validation.interviewDate ?? 'none'} driver={driver} />
        <Decision driver={driver} />
      </div>
    </Card>
  );
}

/** /admin/chauffeurs/:id: a driver's file — papers, requirements, interview, decision, history. */
export function AdminDriverPage() {
  const { id } = useParams<{ id: string }>();
  const detail = useDriverDetail(id);
  useEffect(() => window.scrollTo(0, 0), [id]);
  const back = (
    <Link
      href="/admin/chauffeurs"
      className="mb-4 inline-flex min-h-11 items-center gap-1.5 font-semibold text-accent underline-offset-2 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Validation des chauffeurs
    </Link>
  );
  if (detail.isPending) return <Spinner />;
  if (detail.isError || !detail.data) {
    const missing =
      detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <>
        {back}
        <EmptyState icon={XCircle} title={missing ? 'Chauffeur introuvable' : 'Chargement impossible'}>
          <p>
            {missing
              ? 'Ce chauffeur n’existe pas ou son compte a été supprimé.'
              : 'Le dossier de ce chauffeur n’a pas pu être chargé. Réessayez dans un instant.'}
          </p>
        </EmptyState>
      </>
    );
  }
  const driver = detail.data;
  const facts = [
    driver.phone && formatPhoneFr(driver.phone),
    driver.licenseType && `Permis ${driver.licenseType}`,
    driver.certifications.length > 0 && driver.certifications.join(', '),
    `inscrit le ${formatLongDateTime(driver.registeredAt)}`,
  ].filter(Boolean);
  return (
    <>
      {back}
      <PageHeader title={driver.fullName} description={`${driver.email} · ${facts.join(' · ')}`} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="min-w-0 space-y-6">
          <Requirements driver={driver} />
          <Documents driver={driver} />
        </div>
        <div className="min-w-0 space-y-6">
          <Validation driver={driver} />
          <EcoDriverCard driverId={driver.id} driverName={driver.fullName} />
          <div className="rounded-2xl border border-line bg-surface-raised p-4 sm:p-6">
            <HistoryList entries={driver.history} level={2} />
          </div>
        </div>
      </div>
    </>
  );
}
