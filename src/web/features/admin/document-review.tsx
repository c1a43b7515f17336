import { formatFileSize } from '#core/rules/text.js';
import { formatLongDateTime } from '#core/rules/french-dates.js';
import { Check, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { DocumentView } from '#core/schemas/documents.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { useToast } from '#web/ui/toast.js';
import { adminApi, useAdminMutation, type AdminDocument, type AdminLogEntry } from './api.js';
import { DocumentPreview } from './document-preview.js';
import { adrLabel, day, documentTitle, stateLabel } from './format.js';
import { HistoryList } from './history-list.js';
import { ReasonDialog } from './reason-dialog.js';
import { StatusBadge } from './status-badge.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="user-text mt-0.5">{children}</dd>
    </div>
  );
}

/** What the document says: number, categories, dates, file, where it stands. */
function DocumentFacts({ document }: { document: DocumentView }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:gap-x-6">
      <Fact label="Numéro">{document.number ?? 'Non renseigné'}</Fact>
      {document.categories.length > 0 && <Fact label="Catégories">{document.categories.join(', ')}</Fact>}
      {document.adrKinds.length > 0 && (
        <Fact label="Spécialisations">{document.adrKinds.map(adrLabel).join(', ')}</Fact>
      )}
      <Fact label="Délivré le">{day(document.issuedAt) ?? 'Non renseigné'}</Fact>
      <Fact label="Expire le">{day(document.expiresAt) ?? 'Sans date d’expiration'}</Fact>
      <Fact label="Déposé le">{formatLongDateTime(document.uploadedAt)}</Fact>
      <Fact label="Fichier">
        {document.mimeType === 'application/pdf' ? 'PDF' : 'Image'}, {formatFileSize(document.sizeBytes)}
      </Fact>
    </dl>
  );
}

/**
 * One document under review: facts, "Vérifier" and "Refuser" (with the reason shown to the driver), the file
 * itself, and what the administrators did with it. `onDecided` runs after a decision (the queue moves on).
 */
export function DocumentReview({
  document,
  driverName,
  history,
  headingLevel = 2,
  showHeading = true,
  headerExtra,
  onDecided,
}: {
  document: DocumentView;
  driverName: string;
  history?: AdminLogEntry[];
  headingLevel?: 2 | 3;
  /** Off where the document's name and status are already shown just above (a driver's file). */
  showHeading?: boolean;
  headerExtra?: ReactNode;
  onDecided?: (document: AdminDocument) => void;
}) {
  const toast = useToast();
  const [refusing, setRefusing] = useState(false);
  const title = documentTitle(document);
  const verify = useAdminMutation(() => adminApi.verifyDocument(document.id), {
    onSuccess: (updated) => {
      toast({ title: 'Document vérifié', description: `${title} de ${driverName}`, variant: 'success' });
      onDecided?.(updated);
    },
    onError: (error) =>
      toast({
        title: 'Vérification impossible',
        description: errorMessage(error, 'Le document n’a pas pu être vérifié'),
        variant: 'destructive',
      }),
  });
  const reject = useAdminMutation((reason: string) => adminApi.rejectDocument(document.id, reason), {
    onSuccess: (updated) => {
      toast({ title: 'Document refusé', description: `${driverName} verra le motif du refus.` });
      onDecided?.(updated);
    },
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const canVerify = document.status === 'pending';
  // A verified document can still be refused (a forgery found later); a refused or replaced one is settled.
  const canReject = document.status === 'pending' || document.status === 'verified';
  return (
    <div className="space-y-5">
      {showHeading && (
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <Heading
              tabIndex={-1}
              data-review-heading
              className="user-text text-xl font-bold focus:outline-none focus-visible:outline-2"
            >
              {title} <span className="font-normal text-ink-muted">de {driverName}</span>
            </Heading>
            {headerExtra}
          </div>
          <StatusBadge status={document.state}>{stateLabel(document.state)}</StatusBadge>
        </div>
      )}
      {document.status === 'rejected' && document.rejectionReason && (
        <p className="rounded-lg border border-danger/50 p-3 text-sm">
          <span className="font-semibold text-danger">Motif du refus : </span>
          <span className="user-text">{document.rejectionReason}</span>
        </p>
      )}
      <DocumentFacts document={document} />
      {(canVerify || canReject) && (
        <div className="flex flex-wrap gap-2">
          {canVerify && (
            <Button onClick={() => verify.mutate(undefined)} disabled={verify.isPending || reject.isPending}>
              <Check className="h-5 w-5" aria-hidden="true" />
              {verify.isPending ? 'Vérification...' : 'Vérifier'}
            </Button>
          )}
          {canReject && (
            <Button
              variant="danger"
              onClick={() => setRefusing(true)}
              disabled={verify.isPending || reject.isPending}
            >
              <X className="h-5 w-5" aria-hidden="true" />
              Refuser
            </Button>
          )}
        </div>
      )}
      <DocumentPreview
        key={document.id}
        url={document.fileUrl}
        mimeType={document.mimeType}
        fileName={document.fileName}
        title={`${title} de ${driverName}`}
      />
      {history && <HistoryList entries={history} />}
      <ReasonDialog
        open={refusing}
        onOpenChange={setRefusing}
        title={`Refuser : ${title}`}
        description={`Indiquez pourquoi ce document est refusé. ${driverName} verra ce motif et pourra envoyer une nouvelle version.`}
        confirmLabel="Refuser le document"
        onConfirm={(reason) => reject.mutateAsync(reason)}
      />
    </div>
  );
}
