import { Bug } from 'lucide-react';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { BugReportForm } from './bug-report-form.js';
import { MyReports, useMyBugReports } from './my-reports.js';

/** /report-bug: tell the team what goes wrong, and follow each report to its answer. */
export function ReportBugPage() {
  const query = useMyBugReports();
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader
        title="Signaler un bug"
        description="Quelque chose ne marche pas comme prévu ? Dites-le-nous : l’équipe lit chaque signalement et vous répond ici et par e‑mail."
      />
      {query.isPending ? (
        <Spinner />
      ) : query.isError || !query.data ? (
        <EmptyState icon={Bug} title="Signalements indisponibles">
          <p>
            {query.error?.message ?? 'Vos signalements n’ont pas pu être chargés. Réessayez dans un instant.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <BugReportForm remainingToday={query.data.remainingToday} />
          <MyReports reports={query.data.reports} />
        </>
      )}
    </div>
  );
}
