import { formatFileSize } from '#core/rules/text.js';
import { ExternalLink, FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DRIVER_DOCUMENT_LABELS, DRIVER_DOCUMENT_TYPES } from '#core/rules/documents.js';
import type { DocumentView, MyDocuments } from '#core/schemas/documents.js';
import { formatShortDateTime } from '#core/rules/french-dates.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { useToast } from '#web/ui/toast.js';
import { useDeleteDocument } from './api/delete-document.js';
import { DOCUMENT_STATE_TONES, documentFacts, documentStateLabel, documentTitle } from './labels.js';
import { ToneBadge } from './tone.js';

/** Newest first, a replaced document after the ones in force. */
const order = (a: DocumentView, b: DocumentView) =>
  Number(a.state === 'replaced') - Number(b.state === 'replaced') || b.uploadedAt.localeCompare(a.uploadedAt);

/** The line that tells two documents of one type apart: the driver's own name for "autre", else the number. */
function itemHeading(document: DocumentView): string {
  if (document.type === 'autre') return documentTitle(document);
  return document.number ? `N° ${document.number}` : 'Sans numéro';
}

function DocumentItem({ document, onDelete }: { document: DocumentView; onDelete: () => void }) {
  const title = documentTitle(document);
  const facts = documentFacts(document).filter((fact) => !fact.startsWith('N° '));
  return (
    <li className="rounded-xl border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="user-text min-w-0 font-semibold">{itemHeading(document)}</p>
        <ToneBadge tone={DOCUMENT_STATE_TONES[document.state]}>
          {documentStateLabel(document.state)}
        </ToneBadge>
      </div>
      {document.state === 'rejected' && (
        <p className="user-text mt-2 text-sm font-medium text-danger">
          Motif du refus : {document.rejectionReason ?? 'non précisé'}
        </p>
      )}
      {document.state === 'replaced' && (
        <p className="mt-2 text-sm text-ink-muted">Remplacé par un document plus récent.</p>
      )}
      <ul className="mt-2 space-y-0.5 text-sm">
        {facts.map((fact) => (
          <li key={fact} className="user-text">
            {fact}
          </li>
        ))}
        <li className="flex items-start gap-1.5 text-ink-muted">
          <FileText className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            <span className="[overflow-wrap:anywhere]">{document.fileName}</span> ·{' '}
            {formatFileSize(document.sizeBytes)} · envoyé le {formatShortDateTime(document.uploadedAt)}
          </span>
        </li>
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={document.fileUrl}
          target="_blank"
          rel="noopener"
          className={buttonClasses('secondary', 'sm')}
          aria-label={`Ouvrir le fichier ${document.fileName} (nouvel onglet)`}
        >
          <ExternalLink className="h-4 w-4" aria-hidden="true" /> Ouvrir
        </a>
        <Button
          size="sm"
          variant="ghost"
          onClick={onDelete}
          aria-label={`Supprimer : ${title}, ${document.fileName}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Supprimer
        </Button>
      </div>
    </li>
  );
}

/** "Mes documents": every paper sent, grouped by type, with its state, facts, file and removal. */
export function DocumentList({ data }: { data: MyDocuments }) {
  const toast = useToast();
  const [deleting, setDeleting] = useState<DocumentView | null>(null);
  const remove = useDeleteDocument({
    onSuccess: () => {
      setDeleting(null);
      toast({ title: 'Document supprimé' });
    },
    onError: (error) => {
      setDeleting(null);
      toast({
        title: 'Suppression impossible',
        description: errorMessage(error, 'Réessayez dans un instant.'),
        variant: 'destructive',
      });
    },
  });
  const groups = DRIVER_DOCUMENT_TYPES.map((type) => ({
    type,
    documents: data.documents.filter((document) => document.type === type).sort(order),
  })).filter((group) => group.documents.length > 0);
  // Removing the paper that satisfies a requirement closes the missions that need it: said before confirming.
  const inForce =
    deleting !== null &&
    data.requirements.some(
      (verdict) =>
        verdict.documentId === deleting.id && (verdict.state === 'valid' || verdict.state === 'pending'),
    );
  return (
    <section aria-labelledby="mes-documents" className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 id="mes-documents" className="text-lg font-bold">
        Mes documents
      </h2>
      {groups.length === 0 ? (
        <p className="mt-2 text-ink-muted">
          Aucun document pour l’instant. Ajoutez votre permis, votre carte de conducteur et votre FIMO ou FCO
          ci-dessous : Relais les vérifie, puis vous pouvez postuler aux missions qui les exigent.
        </p>
      ) : (
        <div className="mt-4 space-y-5">
          {groups.map((group) => (
            <div key={group.type}>
              <h3 className="mb-2 text-sm font-bold uppercase tracking-wide text-ink-muted">
                {DRIVER_DOCUMENT_LABELS[group.type]}
              </h3>
              <ul className="space-y-3">
                {group.documents.map((document) => (
                  <DocumentItem
                    key={document.id}
                    document={document}
                    onDelete={() => setDeleting(document)}
                  />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Supprimer ce document ?"
        confirmLabel={remove.isPending ? 'Suppression...' : 'Supprimer'}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        <p className="user-text">
          Le document « {deleting ? documentTitle(deleting) : ''} » ({deleting?.fileName}) sera supprimé
          définitivement, fichier compris.
        </p>
        {inForce && (
          <p>
            C’est le document qui vous permet de postuler aux missions qui l’exigent : elles vous seront
            fermées tant que vous n’en aurez pas envoyé un autre.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
