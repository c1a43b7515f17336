import { ClipboardList, Plus, Repeat, Truck, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { APPLICATION_STATUS_LABELS } from '#core/rules/missions.js';
import { applicationsLeftLabel } from '#core/rules/plans.js';

import { useSession } from '#web/lib/session.js';
import { EmailRequiredNotice } from '#web/lib/verification-banner.js';
import { emailRequiredMessages } from '#core/schemas/users.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { ACTIVE_STATUSES, useMission, useMyApplications, useMyMissions } from './api.js';
import { MissionCard } from './mission-card.js';
import { MissionForm } from './mission-form.js';
import { SearchPanel } from './search-panel.js';

function MyMissions({ empty }: { empty: React.ReactNode }) {
  const missions = useMyMissions({ status: ACTIVE_STATUSES });
  if (missions.isPending) return <Spinner />;
  if (missions.isError) return <p role="alert">{missions.error.message}</p>;
  if (missions.data.length === 0) return <>{empty}</>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {missions.data.map((mission) => (
        <MissionCard key={mission.id} mission={mission} href={`/mission/${mission.id}`} showStatus />
      ))}
    </div>
  );
}

/** « Dupliquer » (`/missions?copie=<id>`): the publish form, filled with that mission, on the next working day. */
function CopyForm({ id, navigate }: { id: string; navigate: (path: string) => void }) {
  const original = useMission(id);
  if (original.isPending) return <Spinner />;
  if (original.isError) return <p role="alert">{original.error.message}</p>;
  return (
    <MissionForm
      copyOf={original.data.mission}
      onDone={(detail) => navigate(`/mission/${detail.mission.id}`)}
      onSeries={() => navigate('/recurring-missions')}
    />
  );
}

function TransporterMissions() {
  const copyOf = new URLSearchParams(useSearch()).get('copie');
  const [publishing, setPublishing] = useState(Boolean(copyOf));
  const [, navigate] = useLocation();
  const { user } = useSession();
  const confirmed = user?.emailVerified ?? false;
  return (
    <>
      <PageHeader
        title="Missions"
        description="Vos missions ouvertes et en cours. Les missions terminées sont dans l’historique."
        actions={
          // Shown even before the address is confirmed, off, with the reason beside it.
          <div className="flex flex-wrap gap-2">
            <Link href="/recurring-missions" className={buttonClasses('secondary')}>
              <Repeat className="h-4 w-4" aria-hidden="true" />
              Missions récurrentes
            </Link>
            <Button
              onClick={() => {
                // A copy's link (?copie=) is spent once its form closes.
                if (publishing && copyOf) navigate('/missions');
                setPublishing((v) => !v);
              }}
              aria-expanded={publishing}
              disabled={!confirmed}
              aria-describedby={confirmed ? undefined : 'publier-condition'}
            >
              {publishing ? (
                <X className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Plus className="h-4 w-4" aria-hidden="true" />
              )}
              {publishing ? 'Fermer le formulaire' : 'Publier une mission'}
            </Button>
          </div>
        }
      />
      {!confirmed && (
        <div className="mb-6" id="publier-condition">
          <EmailRequiredNotice message={emailRequiredMessages.publish} />
        </div>
      )}
      {confirmed && publishing && (
        <section
          aria-labelledby="publier"
          className="mb-8 rounded-2xl border border-line bg-surface-raised p-5"
        >
          <h2 id="publier" className="mb-4 text-xl font-bold">
            {copyOf ? 'Publier une copie' : 'Publier une mission'}
          </h2>
          {copyOf ? (
            <CopyForm key={copyOf} id={copyOf} navigate={navigate} />
          ) : (
            <MissionForm
              onDone={(detail) => navigate(`/mission/${detail.mission.id}`)}
              onSeries={() => navigate('/recurring-missions')}
            />
          )}
        </section>
      )}
      {/* The cards' titles are level 3: the page's outline needs this level 2 above them. */}
      <h2 className="sr-only">Missions ouvertes et en cours</h2>
      <MyMissions
        empty={
          <EmptyState icon={Truck} title="Aucune mission en cours">
            <p>Publiez votre première mission : les chauffeurs correspondants sont alertés aussitôt.</p>
          </EmptyState>
        }
      />
    </>
  );
}

function MyApplications() {
  const applications = useMyApplications();
  if (applications.isPending) return <Spinner />;
  if (applications.isError) return <p role="alert">{applications.error.message}</p>;
  const { items, quota } = applications.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        {applicationsLeftLabel(quota.left)}
        {quota.left !== null && (
          <>
            {' · '}
            <Link href="/pricing" className="font-semibold text-accent underline">
              Passer à Premium
            </Link>
          </>
        )}
      </p>
      {items.length === 0 ? (
        <EmptyState icon={ClipboardList} title="Aucune candidature">
          <p>Trouvez une mission qui vous correspond et postulez en un geste.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {items.map((application) => (
            <li key={application.id} className="space-y-2">
              <p className="text-sm font-semibold">
                Candidature :{' '}
                <span className="text-accent">{APPLICATION_STATUS_LABELS[application.status]}</span>
              </p>
              {application.mission && (
                <MissionCard mission={application.mission} href={`/mission/${application.missionId}`} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const DRIVER_TABS = [
  { id: 'trouver', label: 'Trouver une mission' },
  { id: 'candidatures', label: 'Mes candidatures' },
  { id: 'missions', label: 'Mes missions' },
] as const;

function DriverMissions() {
  const [tab, setTab] = useState<(typeof DRIVER_TABS)[number]['id']>('trouver');
  return (
    <>
      <PageHeader
        title="Missions"
        description="Trouvez une mission, suivez vos candidatures et vos missions."
      />
      <div
        role="tablist"
        aria-label="Vues"
        // Three equal tabs that always fit: a label takes two lines on a narrow phone rather than hiding a tab.
        className="mb-5 grid grid-cols-3 gap-1 rounded-xl bg-surface-sunken p-1"
      >
        {DRIVER_TABS.map((item) => (
          <button
            key={item.id}
            role="tab"
            type="button"
            id={`tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`panel-${item.id}`}
            onClick={() => setTab(item.id)}
            className={cn(
              'min-h-11 rounded-lg px-2 py-2 text-sm leading-tight font-semibold sm:px-4 sm:text-base',
              tab === item.id ? 'bg-surface-raised shadow' : 'text-ink-muted hover:text-ink',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <h2 className="sr-only">{DRIVER_TABS.find((item) => item.id === tab)!.label}</h2>
        {tab === 'trouver' && <SearchPanel missionHref={(id) => `/mission/${id}`} canSearchNearMe />}
        {tab === 'candidatures' && <MyApplications />}
        {tab === 'missions' && (
          <MyMissions
            empty={
              <EmptyState icon={Truck} title="Aucune mission attribuée">
                <p>Quand un transporteur vous retient, la mission apparaît ici.</p>
              </EmptyState>
            }
          />
        )}
      </div>
    </>
  );
}

/** /missions: transporters publish and follow theirs; drivers search, apply and follow theirs. */
export function MissionsPage() {
  const { user } = useSession();
  if (!user) return null;
  return user.role === 'transporter' ? <TransporterMissions /> : <DriverMissions />;
}
