import { Download, History } from 'lucide-react';
import { useState } from 'react';
import { STATUS_LABELS } from '#core/rules/missions.js';
import { formatEuros } from '#core/rules/tariffs.js';
import { buttonClasses } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { SelectField, TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { toQueryString } from '#web/lib/api.js';
import { useMyMissions } from './api.js';
import { MissionCard } from './mission-card.js';

const ENDED = 'completed,cancelled';

/** /mission-history: completed and cancelled missions, filtered by status, period and text; CSV export. */
export function MissionHistoryPage() {
  const [status, setStatus] = useState(ENDED);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const missions = useMyMissions({ status });
  const words = text.trim().toLowerCase();
  const shown = (missions.data ?? []).filter((mission) => {
    const day = mission.startDate.slice(0, 10);
    if (from && day < from) return false;
    if (to && day > to) return false;
    if (!words) return true;
    return `${mission.title} ${mission.pickupCity ?? ''} ${mission.deliveryCity ?? ''}`
      .toLowerCase()
      .includes(words);
  });
  const completed = shown.filter((mission) => mission.status === 'completed');
  const total = completed.reduce((sum, mission) => sum + Number(mission.price), 0);
  const exportHref = `/api/missions/export.csv${toQueryString({ status, from, to })}`;
  return (
    <>
      <PageHeader
        title="Historique"
        description="Vos missions terminées et annulées."
        actions={
          <a href={exportHref} className={buttonClasses('secondary')} download>
            <Download className="h-4 w-4" aria-hidden="true" /> Exporter en CSV
          </a>
        }
      />
      <div className="mb-5 grid gap-4 rounded-2xl border border-line bg-surface-raised p-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Statut"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          options={[
            { value: ENDED, label: 'Terminées et annulées' },
            { value: 'completed', label: STATUS_LABELS.completed },
            { value: 'cancelled', label: STATUS_LABELS.cancelled },
          ]}
        />
        <TextField label="Du" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        <TextField label="Au" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        <TextField
          label="Rechercher"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {missions.isPending ? (
        <Spinner />
      ) : missions.isError ? (
        <p role="alert">{missions.error.message}</p>
      ) : shown.length === 0 ? (
        <EmptyState icon={History} title="Aucune mission dans l’historique">
          <p>Les missions terminées ou annulées apparaissent ici, avec leur export CSV.</p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-muted">
            {shown.length} mission{shown.length > 1 ? 's' : ''} · {completed.length} terminée
            {completed.length > 1 ? 's' : ''} pour {formatEuros(total)} convenus
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            {shown.map((mission) => (
              <MissionCard key={mission.id} mission={mission} href={`/mission/${mission.id}`} showStatus />
            ))}
          </div>
        </>
      )}
    </>
  );
}
