import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import {
  ALERT_TYPE_LABELS,
  alertTypesFor,
  ZONE_RADII_KM,
  type AlertType,
  type NotificationPreferences,
} from '#core/rules/notifications.js';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useIsDemo, type SessionUser } from '#web/lib/session.js';
import { apiRequest } from '#web/lib/api.js';
import { showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import {
  disablePush,
  enableNotifications,
  notificationState,
  pushEnabledHere,
  type NotificationState,
} from '#web/lib/notifications.js';
import { STORAGE_KEYS, readStorage, writeStorage } from '#web/lib/storage.js';
import { Button } from '#web/ui/button.js';
import { SelectField } from '#web/ui/field.js';
import { SmsSettingsForm } from './sms-settings.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';

const KEY = ['/api/alerts/preferences'] as const;

const resolver = lazyResolver<NotificationPreferences>(
  async () => (await import('./resolvers.js')).preferencesResolver,
);
const CHANNELS = [
  { key: 'alertTypes', label: 'Alerte' },
  { key: 'pushTypes', label: 'Push' },
  { key: 'emailTypes', label: 'E-mail' },
] as const;

/** This device: the permission flow (asked only from this button, never on load) and its push subscription. */
function DeviceNotifications() {
  const demo = useIsDemo();
  const [state, setState] = useState<NotificationState>('default');
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setState(notificationState());
    void pushEnabledHere().then(setSubscribed);
  }, []);
  const enable = async () => {
    setBusy(true);
    setState(await enableNotifications());
    setSubscribed(await pushEnabledHere());
    setBusy(false);
  };
  const disable = async () => {
    setBusy(true);
    await disablePush();
    setSubscribed(false);
    setBusy(false);
  };
  const text =
    state === 'unsupported'
      ? 'Ce navigateur ne permet pas les notifications.'
      : state === 'denied'
        ? 'Les notifications sont bloquées pour Relais dans ce navigateur. Autorisez-les dans les réglages du site pour les recevoir.'
        : state === 'granted'
          ? subscribed
            ? 'Notifications activées sur cet appareil, même application fermée.'
            : 'Notifications autorisées : elles s’affichent quand Relais est ouvert en arrière-plan.'
          : 'Soyez prévenu d’un message ou d’une mission même quand Relais est en arrière-plan ou fermé.';
  const offered = state === 'default' || (state === 'granted' && !subscribed);
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface-sunken p-4 sm:flex-row sm:items-center">
        <BellRing className="h-6 w-6 shrink-0 text-accent" aria-hidden="true" />
        <p className="flex-1" data-testid="notification-state" data-state={state}>
          {text}
        </p>
        {offered && (
          <Button onClick={() => void enable()} disabled={busy || demo}>
            Activer les notifications
          </Button>
        )}
        {state === 'granted' && subscribed && (
          <Button variant="secondary" onClick={() => void disable()} disabled={busy}>
            Désactiver sur cet appareil
          </Button>
        )}
      </div>
      {offered && demo && <NotInDemoNote />}
    </div>
  );
}

/**
 * In a conversation, once the user has sent a message (a moment when being told of the answer makes sense),
 * and only while the browser has not been asked yet: an offer to turn notifications on, which can be put off.
 */
export function NotificationOffer({ name }: { name: string }) {
  const demo = useIsDemo();
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // Not in a demo: its people are fictional, and it pushes nothing.
    setShown(
      !demo &&
        notificationState() === 'default' &&
        readStorage(STORAGE_KEYS.notificationsOfferDismissed) !== 'true',
    );
  }, [demo]);
  if (!shown) return null;
  const close = () => {
    writeStorage(STORAGE_KEYS.notificationsOfferDismissed, 'true');
    setShown(false);
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-line px-4 py-2 text-sm" role="status">
      <BellRing className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
      <p className="min-w-[12rem] flex-1">Être prévenu quand {name} répond, même Relais fermé ?</p>
      <div className="ml-auto flex gap-2">
        <Button
          size="sm"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void enableNotifications().finally(close);
          }}
        >
          Activer
        </Button>
        <Button size="sm" variant="ghost" onClick={close}>
          Plus tard
        </Button>
      </div>
    </div>
  );
}

/** /alerts, "Préférences": which alerts, pushed or mailed (at most one mail an hour), and the driver's zone. */
export function NotificationSettings({ user }: { user: SessionUser }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const saved = useQuery<NotificationPreferences>({ queryKey: KEY });
  // Saved elsewhere (another screen): the boxes show what is stored.
  const form = useForm<NotificationPreferences>({ resolver, values: saved.data });
  const { errors } = form.formState;
  const draft = form.watch();
  const save = useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest<NotificationPreferences>('PUT', '/api/alerts/preferences', preferences),
    onSuccess: (preferences) => {
      queryClient.setQueryData(KEY, preferences);
      toast({ title: 'Préférences enregistrées', variant: 'success' });
    },
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: 'Préférences non enregistrées',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    },
  });
  if (!saved.data) return <Spinner />;
  const types = alertTypesFor(user.userType);
  // A type this account never sees stays as it was saved: only the boxes shown are toggled.
  const toggle = (channel: (typeof CHANNELS)[number]['key'], type: AlertType) => {
    const current = form.getValues(channel);
    form.setValue(
      channel,
      current.includes(type) ? current.filter((value) => value !== type) : [...current, type],
      { shouldDirty: true },
    );
    resolver.preload();
  };
  const isDriver = user.userType === 'driver';
  return (
    <section
      id="preferences"
      ref={(element) => {
        // Reached from /parametres ("/alerts#preferences"): shown at once.
        if (element && window.location.hash === '#preferences') element.scrollIntoView({ block: 'start' });
      }}
      aria-labelledby="preferences-title"
      className="mt-8 scroll-mt-20 space-y-4"
    >
      <h2 id="preferences-title" className="text-xl font-bold">
        Préférences de notification
      </h2>
      <DeviceNotifications />
      <form
        className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4"
        noValidate
        onSubmit={(event) => void form.handleSubmit((preferences) => save.mutate(preferences))(event)}
      >
        <table className="w-full text-left">
          <caption className="sr-only">Ce qui vous est signalé, et comment</caption>
          <thead>
            <tr className="text-sm text-ink-muted">
              <th scope="col" className="pb-2 font-semibold">
                Type
              </th>
              {CHANNELS.map((channel) => (
                <th key={channel.key} scope="col" className="w-16 pb-2 text-center font-semibold sm:w-24">
                  {channel.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {types.map((type) => (
              <tr key={type}>
                <th scope="row" className="py-3 pr-2 font-medium">
                  {ALERT_TYPE_LABELS[type]}
                </th>
                {CHANNELS.map((channel) => (
                  <td key={channel.key} className="text-center">
                    <input
                      type="checkbox"
                      className="h-5 w-5 accent-[var(--accent)]"
                      aria-label={`${ALERT_TYPE_LABELS[type]} : ${channel.label}`}
                      checked={draft[channel.key]?.includes(type) ?? false}
                      onChange={() => toggle(channel.key, type)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-ink-muted">
          Les e-mails regroupent les alertes non lues : un au plus par heure, sauf un incident signalé sur la
          route, envoyé aussitôt. Le push arrive quand aucun écran Relais n’est ouvert.
        </p>
        {isDriver && (
          <div className="max-w-sm">
            <SelectField
              label={
                user.currentLocation
                  ? `Zone des nouvelles missions, autour de ${user.currentLocation}`
                  : 'Zone des nouvelles missions'
              }
              {...form.register('zoneRadiusKm', { valueAsNumber: true, onChange: resolver.preload })}
              error={errors.zoneRadiusKm?.message}
              options={ZONE_RADII_KM.map((radius) => ({ value: String(radius), label: `${radius} km` }))}
            />
            {!user.currentLocation && (
              <p className="mt-1 text-sm">
                <Link href="/profile" className="font-semibold text-accent underline">
                  Indiquez votre ville dans votre profil
                </Link>{' '}
                pour recevoir les nouvelles missions de votre zone.
              </p>
            )}
          </div>
        )}
        <Button type="submit" disabled={save.isPending}>
          Enregistrer les préférences
        </Button>
      </form>
      <SmsSettingsForm isDriver={isDriver} />
    </section>
  );
}
