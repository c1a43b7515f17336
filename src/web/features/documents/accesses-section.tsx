import { Eye } from 'lucide-react';
import { DRIVER_DOCUMENT_LABELS, type DriverDocumentType } from '#core/rules/documents.js';
import { formatShortDateTime } from '#core/rules/french-dates.js';
import { useDocumentAccesses } from './api/document-accesses.js';

/** "Qui a consulté mes documents": every opening of a file by someone other than the driver, newest first. */
export function AccessesSection() {
  const query = useDocumentAccesses();
  const accesses = query.data?.accesses ?? [];
  return (
    <section aria-labelledby="consultations" className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 id="consultations" className="text-lg font-bold">
        Qui a consulté mes documents
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Seuls l’équipe Relais et les transporteurs avec qui vous avez une candidature en cours ou une mission
        peuvent ouvrir vos documents vérifiés. Chaque consultation est notée ici.
      </p>
      {query.isPending ? (
        <p className="mt-3 text-sm text-ink-muted" role="status">
          Chargement...
        </p>
      ) : query.isError ? (
        <p className="mt-3 text-sm text-danger" role="alert">
          La liste n’a pas pu être chargée. Réessayez plus tard.
        </p>
      ) : accesses.length === 0 ? (
        <p className="mt-3 text-ink-muted">Personne n’a encore consulté vos documents.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {accesses.map((access) => (
            <li key={access.id} className="flex items-start gap-3 py-2.5">
              <Eye className="mt-0.5 h-4 w-4 shrink-0 text-ink-muted" aria-hidden="true" />
              <div className="min-w-0 flex-1 text-sm">
                <p>
                  <span className="user-text font-semibold">{access.viewerName}</span>
                  {access.viewerRole === 'transporter' && (
                    <span className="text-ink-muted"> (transporteur)</span>
                  )}{' '}
                  a consulté{' '}
                  <span className="font-semibold">
                    {DRIVER_DOCUMENT_LABELS[access.documentType as DriverDocumentType] ?? access.documentType}
                  </span>
                </p>
                <p className="text-ink-muted">{formatShortDateTime(access.viewedAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
