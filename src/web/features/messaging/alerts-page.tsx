import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ALERT_FILTERS } from '#core/schemas/alerts.js';
import { type Alert } from '#core/schemas/alerts.js';
import { apiRequest } from '#web/lib/api.js';
import { formatShortDateTime } from '#core/rules/french-dates.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { NotificationSettings } from './notification-settings.js';
import { useSession } from '#web/lib/session.js';

const FILTER_LABELS: Record<(typeof ALERT_FILTERS)[number] | 'toutes', string> = {
  toutes: 'Toutes',
  'non-lues': 'Non lues',
  missions: 'Missions',
  messages: 'Messages',
  documents: 'Documents',
};

/** /alerts: the user's alerts with filters; opening one marks it read and follows its link. */
export function AlertsPage() {
  const [filter, setFilter] = useState<keyof typeof FILTER_LABELS>('toutes');
  const { user } = useSession();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const key = ['/api/alerts', { filtre: filter === 'toutes' ? undefined : filter }] as const;
  const alerts = useQuery<Alert[]>({ queryKey: key, refetchInterval: 30_000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/alerts'] });
  const readAll = useMutation({
    mutationFn: () => apiRequest('POST', '/api/alerts/read-all'),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/alerts/${id}`),
    onSuccess: refresh,
  });
  const open = async (alert: Alert) => {
    if (!alert.read) await apiRequest('POST', `/api/alerts/${alert.id}/read`).catch(() => undefined);
    void refresh();
    if (alert.link) navigate(alert.link);
  };
  return (
    <>
      <PageHeader
        title="Alertes & Notifications"
        description="Candidatures, missions et messages qui vous concernent, et comment en être prévenu."
        actions={
          <Button variant="secondary" onClick={() => readAll.mutate()} disabled={readAll.isPending}>
            Tout marquer comme lu
          </Button>
        }
      />
      <div
        role="group"
        aria-label="Filtrer"
        className="mb-5 flex flex-wrap gap-1 rounded-xl bg-surface-sunken p-1 sm:w-fit"
      >
        {(Object.keys(FILTER_LABELS) as Array<keyof typeof FILTER_LABELS>).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className={cn(
              'rounded-lg px-3 py-2 font-semibold sm:px-4',
              filter === value ? 'bg-surface-raised shadow' : 'text-ink-muted hover:text-ink',
            )}
          >
            {FILTER_LABELS[value]}
          </button>
        ))}
      </div>
      {alerts.isPending ? (
        <Spinner />
      ) : (alerts.data ?? []).length === 0 ? (
        <EmptyState icon={Bell} title="Aucune alerte">
          <p>Vous serez prévenu ici des candidatures, des missions et des messages.</p>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-raised">
          {alerts.data!.map((alert) => (
            <li key={alert.id} className={cn('flex items-start gap-3 p-4', !alert.read && 'bg-brand-500/5')}>
              <button type="button" className="min-w-0 flex-1 text-left" onClick={() => void open(alert)}>
                <span className="flex items-center gap-2 font-bold">
                  {!alert.read && (
                    <span className="h-2.5 w-2.5 shrink-0 rounded-full bg-accent" aria-label="Non lue" />
                  )}
                  {alert.title}
                </span>
                <span className="mt-0.5 block text-ink-muted">{alert.message}</span>
                <span className="mt-1 block text-xs text-ink-muted">
                  {formatShortDateTime(alert.createdAt)}
                </span>
              </button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Supprimer l’alerte « ${alert.title} »`}
                onClick={() => remove.mutate(alert.id)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {user && <NotificationSettings user={user} />}
    </>
  );
}
