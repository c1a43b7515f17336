import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, MonitorSmartphone, Smartphone } from 'lucide-react';
import type { z } from 'zod';
import type { sessionInfoSchema } from '#core/schemas/users.js';
import { apiRequest } from '#web/lib/api.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { describeDevice } from './devices.js';
import { SettingsSection } from './settings-section.js';

type SessionInfo = z.infer<typeof sessionInfoSchema>;
const SESSIONS = ['/api/auth/sessions'] as const;

/** Reads the list of devices again (after a password change ends the others). */
export function useSessionsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSIONS });
}

const isPhone = (userAgent: string | null) => /Android|iPhone|iPad|Mobile/.test(userAgent ?? '');

/** Connected devices: each open session, this one first; end one, or all the others at once. */
export function SessionsSection() {
  const toast = useToast();
  const refresh = useSessionsRefresh();
  const sessions = useQuery<SessionInfo[]>({ queryKey: SESSIONS });
  const failed = (error: unknown) =>
    toast({
      title: 'Action impossible',
      description: errorMessage(error, 'Réessayez.'),
      variant: 'destructive',
    });
  const endOne = useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>('DELETE', `/api/auth/sessions/${id}`),
    onSuccess: ({ message }) => {
      toast({ title: message, variant: 'success' });
      void refresh();
    },
    onError: failed,
  });
  const endOthers = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('DELETE', '/api/auth/sessions'),
    onSuccess: ({ message }) => {
      toast({ title: message, variant: 'success' });
      void refresh();
    },
    onError: failed,
  });
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((session) => !session.current).length;
  return (
    <SettingsSection
      id="appareils"
      icon={MonitorSmartphone}
      title="Appareils connectés"
      description="Un téléphone perdu, un ordinateur partagé ? Déconnectez-le d’ici."
    >
      {sessions.isPending ? (
        <Spinner label="Chargement des appareils..." />
      ) : sessions.isError ? (
        <p role="alert" className="text-danger">
          {errorMessage(sessions.error, 'Liste indisponible.')}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-line rounded-xl border border-line">
            {list.map((session) => {
              const Icon = isPhone(session.userAgent) ? Smartphone : Laptop;
              return (
                <li key={session.id} className="flex flex-wrap items-center gap-3 p-3">
                  <Icon className="h-6 w-6 shrink-0 text-ink-muted" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      {describeDevice(session.userAgent)}
                      {session.current && (
                        <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">
                          Cet appareil
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-ink-muted">
                      Dernière activité le {formatDateTime(session.lastSeenAt)}
                      {session.ipAddress ? ` · ${session.ipAddress}` : ''}
                    </p>
                  </div>
                  {!session.current && (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={endOne.isPending}
                      onClick={() => endOne.mutate(session.id)}
                      aria-label={`Déconnecter ${describeDevice(session.userAgent)}`}
                    >
                      Déconnecter
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others > 0 && (
            <Button
              className="mt-3"
              variant="secondary"
              disabled={endOthers.isPending}
              onClick={() => endOthers.mutate()}
            >
              Déconnecter tous les autres appareils
            </Button>
          )}
        </>
      )}
    </SettingsSection>
  );
}
