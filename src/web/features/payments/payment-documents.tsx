import { ExternalLink, FileText } from 'lucide-react';
import type { MissionPayment } from '#core/schemas/payments.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import { Panel } from './panel.js';

/** What each frame's documents are, said while there are none yet. */
function noDocumentYet(payment: MissionPayment): string {
  if (payment.engagementType === 'independent')
    return 'Pas encore de facture : Relais l’émet dès que les coordonnées listées ci-dessus sont complètes.';
  return 'Pas encore de relevé d’heures : Relais le produit à la fin de la mission ; rechargez la page dans un instant.';
}

/** The mission's money documents (invoice, hours statement, payslip), each opened as a PDF in a new tab. */
export function PaymentDocuments({ payment }: { payment: MissionPayment }) {
  return (
    <Panel title="Documents">
      {payment.documents.length === 0 ? (
        <p className="text-ink-muted">{noDocumentYet(payment)}</p>
      ) : (
        <ul className="divide-y divide-line">
          {payment.documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 first:pt-0">
              <FileText className="h-5 w-5 shrink-0 text-ink-muted" aria-hidden="true" />
              <div className="min-w-0 flex-1 basis-48">
                <p className="user-text font-semibold">
                  {document.label}
                  {document.number && <span className="font-normal"> n° {document.number}</span>}
                </p>
                <p className="text-sm text-ink-muted">{formatDateTime(document.createdAt)}</p>
              </div>
              <a
                href={document.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-11 items-center gap-1 font-semibold text-accent underline"
              >
                Ouvrir
                <span className="sr-only">
                  {' '}
                  {document.label}
                  {document.number ? ` n° ${document.number}` : ''}
                </span>{' '}
                (PDF) <ExternalLink className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only">, nouvel onglet</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {payment.engagementType === 'employment' && (
        <p className="mt-3 text-sm text-ink-muted">
          Le relevé d’heures et de rémunération n’est pas un bulletin de paie : il sert à l’employeur pour
          établir la paie, et le bulletin reste émis par l’employeur.
        </p>
      )}
    </Panel>
  );
}
