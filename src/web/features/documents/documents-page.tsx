import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { DriverDocumentType } from '#core/rules/documents.js';
import { useSession } from '#web/lib/session.js';
import { buttonClasses } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { AccessesSection } from './accesses-section.js';
import { useMyDocuments } from './api/my-documents.js';
import { DocumentList } from './document-list.js';
import { RequirementsChecklist } from './requirements-checklist.js';
import { UploadForm, type AddRequest } from './upload-form.js';
import { ValidationStatus } from './validation-status.js';

/** A transporter's /documents: the drivers' papers are on each application, not here. */
function TransporterDocuments() {
  return (
    <>
      <PageHeader title="Documents" />
      <EmptyState
        icon={FileText}
        title="Les documents des chauffeurs"
        action={
          <Link href="/missions" className={buttonClasses('primary')}>
            Mes missions
          </Link>
        }
      >
        <p>
          Le permis, la carte de conducteur, la FIMO / FCO et l’ADR de chaque candidat sont sur sa
          candidature, avec leur état. Vous pouvez ouvrir ceux que Relais a vérifiés tant que la candidature
          est en cours ou que le chauffeur travaille pour vous.
        </p>
      </EmptyState>
    </>
  );
}

function DriverDocuments() {
  const query = useMyDocuments();
  const [request, setRequest] = useState<AddRequest | null>(null);
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data)
    return (
      <>
        <PageHeader title="Mes documents" />
        <EmptyState icon={FileText} title="Documents indisponibles">
          <p>
            {query.error?.message ?? 'Vos documents n’ont pas pu être chargés. Réessayez dans un instant.'}
          </p>
        </EmptyState>
      </>
    );
  const data = query.data;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Mes documents"
        description="Vos papiers professionnels : ce qu’il faut pour postuler, et où en est leur vérification."
      />
      <div className="space-y-5">
        <RequirementsChecklist
          data={data}
          onAdd={(type: DriverDocumentType) => setRequest({ type, nonce: Date.now() })}
        />
        <ValidationStatus data={data} />
        <DocumentList data={data} />
        <UploadForm request={request} />
        <AccessesSection />
      </div>
    </div>
  );
}

/** /documents: a driver's papers, what they allow, and who opened them. */
export function DocumentsPage() {
  const { user } = useSession();
  if (!user) return null;
  return user.role === 'driver' ? <DriverDocuments /> : <TransporterDocuments />;
}
