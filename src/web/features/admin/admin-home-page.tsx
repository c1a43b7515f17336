import { CalendarClock, ChevronRight, FileCheck2, UserCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '#web/ui/empty-state.js';
import { useDocumentQueue, useDriverQueue } from './api.js';
import { count, documentTitle, frenchDateTime } from './format.js';

function Tile({
  href,
  icon: Icon,
  title,
  figure,
  children,
}: {
  href: string;
  icon: LucideIcon;
  title: string;
  figure: string;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      className="group flex min-w-0 items-start gap-4 rounded-2xl border border-line bg-surface-raised p-5 hover:border-accent"
    >
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-500/15 text-accent">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-lg font-bold">{title}</span>
        <span className="block text-3xl font-extrabold tracking-tight">{figure}</span>
        <span className="mt-1 block text-sm text-ink-muted">{children}</span>
      </span>
      <ChevronRight
        className="mt-1 h-5 w-5 shrink-0 text-ink-muted group-hover:text-accent"
        aria-hidden="true"
      />
    </Link>
  );
}

/** /admin: what waits for the administrators, with the way to each queue. */
export function AdminHomePage() {
  const documents = useDocumentQueue({ status: 'pending', type: '', page: 1 });
  const drivers = useDriverQueue('pending_validation');
  const waitingDocuments = documents.data?.total;
  const oldest = documents.data?.documents[0];
  const waitingDrivers = drivers.data?.drivers ?? [];
  const complete = waitingDrivers.filter((driver) => driver.documentsVerified);
  const now = Date.now();
  const interviews = waitingDrivers
    .filter((driver) => driver.validation.interviewDate && Date.parse(driver.validation.interviewDate) >= now)
    .sort((a, b) => a.validation.interviewDate!.localeCompare(b.validation.interviewDate!))
    .slice(0, 5);
  const loading = (value: number | undefined) => (value === undefined ? '…' : String(value));

  return (
    <>
      <PageHeader
        title="Administration"
        description="Ce qui attend une décision : les documents des chauffeurs et la validation de leur compte."
      />
      {(documents.isError || drivers.isError) && (
        <p role="alert" className="mb-4 text-danger">
          Certains chiffres n’ont pas pu être chargés. Réessayez dans un instant.
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Tile
          href="/admin/documents"
          icon={FileCheck2}
          title="Documents à vérifier"
          figure={loading(waitingDocuments)}
        >
          {oldest
            ? `Le plus ancien : ${documentTitle(oldest)} de ${oldest.driver.fullName}, déposé le ${frenchDateTime(oldest.uploadedAt)}.`
            : waitingDocuments === 0
              ? 'Aucun document en attente.'
              : 'Permis, cartes de conducteur, FIMO/FCO, ADR…'}
        </Tile>
        <Tile
          href="/admin/chauffeurs"
          icon={UserCheck}
          title="Chauffeurs à valider"
          figure={loading(drivers.data ? waitingDrivers.length : undefined)}
        >
          {drivers.data
            ? complete.length > 0
              ? `${count(complete.length, 'dossier complet', 'dossiers complets')}, prêt${complete.length > 1 ? 's' : ''} pour la décision.`
              : 'Aucun dossier complet pour l’instant.'
            : 'Documents, entretien, décision.'}
        </Tile>
      </div>
      <section aria-labelledby="interviews-title" className="mt-8">
        <h2 id="interviews-title" className="mb-3 flex items-center gap-2 text-lg font-bold">
          <CalendarClock className="h-5 w-5 text-ink-muted" aria-hidden="true" />
          Prochains entretiens
        </h2>
        {interviews.length === 0 ? (
          <p className="text-ink-muted">{drivers.data ? 'Aucun entretien prévu.' : 'Chargement...'}</p>
        ) : (
          <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-raised">
            {interviews.map((driver) => (
              <li key={driver.id}>
                <Link
                  href={`/admin/chauffeurs/${driver.id}`}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 hover:bg-surface-sunken"
                >
                  <span className="user-text font-semibold">{driver.fullName}</span>
                  <span className="text-sm text-ink-muted">
                    {frenchDateTime(driver.validation.interviewDate!)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
