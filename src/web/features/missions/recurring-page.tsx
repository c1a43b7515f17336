import { Plus, Repeat, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime, formatDay, formatWeekdayDay } from '#core/rules/french-dates.js';
import type { MissionStatus } from '#core/rules/enums.js';
import { publishedLabel } from '#core/rules/recurrence.js';
import { STATUS_LABELS } from '#core/rules/missions.js';
import type { MissionTemplate } from '#core/schemas/recurrence.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Badge } from '#web/ui/badge.js';
import { Button } from '#web/ui/button.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { useMissionMutation } from './api.js';
import { MissionForm } from './mission-form.js';
import { templateApi, useMissionTemplates } from './recurring-api.js';

function StopSeries({ series }: { series: MissionTemplate }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const stop = useMissionMutation(() => templateApi.stop(series.id), {
    onSuccess: () => {
      setOpen(false);
      toast({ title: 'Série arrêtée', description: series.title });
    },
    onError: (error) =>
      toast({
        title: 'Arrêt impossible',
        description: errorMessage(error, 'Réessayez dans un instant.'),
        variant: 'destructive',
      }),
  });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Arrêter la série
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Arrêter cette série ?"
        confirmLabel="Arrêter la série"
        busy={stop.isPending}
        onConfirm={() => stop.mutate(undefined)}
      >
        <p>Aucune nouvelle mission ne sera publiée pour « {series.title} ».</p>
        <p>
          Les missions déjà publiées suivent leur cours : annulez-les une à une depuis leur fiche si besoin.
        </p>
      </ConfirmDialog>
    </>
  );
}

function SeriesCard({ series }: { series: MissionTemplate }) {
  const [editing, setEditing] = useState(false);
  const titleId = `serie-${series.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="space-y-3 rounded-2xl border border-line bg-surface-raised p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="user-text min-w-0">
          <h2 id={titleId} className="text-lg font-bold">
            {series.title}
          </h2>
          <p className="text-ink-muted">
            {series.pickupCity ?? '…'} → {series.deliveryCity ?? '…'}
          </p>
        </div>
        {series.stoppedAt ? (
          <Badge tone="muted">Arrêtée le {formatDay(series.stoppedAt)}</Badge>
        ) : series.finished ? (
          <Badge tone="muted">Terminée</Badge>
        ) : (
          <Badge tone="success">En cours</Badge>
        )}
      </div>
      <p>{series.summary}</p>
      {series.upcoming.length > 0 && (
        <p className="text-sm">
          <span className="font-semibold">Prochaines missions : </span>
          {series.upcoming
            .map(
              (next) =>
                `${formatWeekdayDay(next.day)}${next.holiday ? ` (au lieu du jour férié : ${next.holiday})` : ''}`,
            )
            .join(', ')}
        </p>
      )}
      <div className="text-sm">
        <p className="font-semibold">
          {series.publishedCount === 0
            ? 'Aucune mission publiée pour l’instant.'
            : publishedLabel(series.publishedCount)}
        </p>
        {series.missions.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {series.missions.map((published) => (
              <li key={published.id}>
                <Link href={`/mission/${published.id}`} className="text-accent underline">
                  {formatDateTime(published.startDate)}
                </Link>{' '}
                <span className="text-ink-muted">
                  · {STATUS_LABELS[published.status as MissionStatus] ?? published.status}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {!series.stoppedAt && !series.finished && (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setEditing((value) => !value)}
            aria-expanded={editing}
          >
            {editing ? 'Fermer' : 'Modifier'}
          </Button>
          <StopSeries series={series} />
        </div>
      )}
      {editing && (
        <section aria-label={`Modifier la série ${series.title}`} className="border-t border-line pt-4">
          <p className="mb-4 text-sm text-ink-muted">
            Les changements valent pour les missions pas encore publiées ; celles déjà publiées gardent les
            leurs.
          </p>
          <MissionForm template={series} onSeries={() => setEditing(false)} />
        </section>
      )}
    </article>
  );
}

/** A transporter's recurring missions (decision 056): each series, its rule in words, its next days, its missions. */
export function RecurringMissionsPage() {
  const series = useMissionTemplates();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Missions récurrentes"
        description="Une mission qui revient chaque semaine : publiée d’elle-même, quelques jours avant chaque jour prévu."
        actions={
          <Button onClick={() => setCreating((value) => !value)} aria-expanded={creating}>
            {creating ? (
              <X className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Plus className="h-4 w-4" aria-hidden="true" />
            )}
            {creating ? 'Fermer le formulaire' : 'Nouvelle série'}
          </Button>
        }
      />
      {creating && (
        <section
          aria-labelledby="nouvelle-serie"
          className="mb-8 rounded-2xl border border-line bg-surface-raised p-5"
        >
          <h2 id="nouvelle-serie" className="mb-4 text-xl font-bold">
            Nouvelle série
          </h2>
          <MissionForm series onSeries={() => setCreating(false)} />
        </section>
      )}
      {series.isPending ? (
        <Spinner />
      ) : series.isError ? (
        <p role="alert">{series.error.message}</p>
      ) : series.data.length === 0 ? (
        <EmptyState icon={Repeat} title="Aucune mission récurrente">
          <p>
            « Chaque lundi, Rungis → Lille » : décrivez la mission une fois, Relais la publie chaque semaine.
          </p>
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {series.data.map((item) => (
            <SeriesCard key={item.id} series={item} />
          ))}
        </div>
      )}
    </>
  );
}
