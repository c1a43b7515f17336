import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { formatPhoneFr } from '#core/rules/phone.js';
import { quietHoursText } from '#core/rules/sms.js';
import type { SmsSettings, SmsSettingsInput } from '#core/schemas/sms.js';
import { apiRequest } from '#web/lib/api.js';
import { showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { useIsDemo } from '#web/lib/session.js';
import { Button } from '#web/ui/button.js';
import { Checkbox, PhoneField, SelectField } from '#web/ui/field.js';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useToast } from '#web/ui/toast.js';

const KEY = ['/api/alerts/sms'] as const;
const resolver = lazyResolver<SmsSettingsInput>(async () => (await import('./resolvers.js')).smsResolver);
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${hour} h` }));

const formOf = (settings: SmsSettings): SmsSettingsInput => ({
  enabled: settings.enabled,
  phone: settings.phone ? formatPhoneFr(settings.phone) : '',
  quietStart: settings.quietStart,
  quietEnd: settings.quietEnd,
  dailyCap: settings.dailyCap,
});

/**
 * /alerts, « SMS » (decision 051): the member's opt-in, their mobile number, quiet hours and daily cap. Not shown
 * as a choice on a server that sends no SMS: it says so instead.
 */
export function SmsSettingsForm({ isDriver }: { isDriver: boolean }) {
  const demo = useIsDemo();
  const toast = useToast();
  const queryClient = useQueryClient();
  const saved = useQuery<SmsSettings>({ queryKey: KEY });
  const form = useForm<SmsSettingsInput>({ resolver, values: saved.data ? formOf(saved.data) : undefined });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (input: SmsSettingsInput) => apiRequest<SmsSettings>('PUT', '/api/alerts/sms', input),
    onSuccess: (settings) => {
      queryClient.setQueryData(KEY, settings);
      toast({ title: settings.enabled ? 'SMS activés' : 'SMS désactivés', variant: 'success' });
    },
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: 'Choix des SMS non enregistré',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    },
  });
  if (!saved.data) return null;
  const settings = saved.data;
  if (!settings.offered)
    return (
      <p
        className="rounded-xl border border-line bg-surface-sunken p-4 text-sm"
        data-testid="sms-not-offered"
      >
        Les SMS ne sont pas proposés sur ce serveur : les alertes urgentes arrivent par push et par e-mail.
      </p>
    );
  const caps = Array.from({ length: settings.maxDailyCap }, (_, index) => ({
    value: String(index + 1),
    label: index === 0 ? '1 SMS' : `${index + 1} SMS`,
  }));
  return (
    <form
      aria-labelledby="sms-title"
      className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4"
      noValidate
      onSubmit={(event) => void form.handleSubmit((input) => save.mutate(input))(event)}
    >
      <div className="flex items-start gap-3">
        <MessageSquareText className="mt-0.5 h-6 w-6 shrink-0 text-accent" aria-hidden="true" />
        <div className="space-y-1">
          <h3 id="sms-title" className="text-lg font-bold">
            SMS pour ce qui ne peut pas attendre
          </h3>
          <p className="text-sm text-ink-muted">
            {isDriver
              ? 'Une de vos missions qui commence dans moins de 2 h sans être démarrée, une mission urgente dans votre zone'
              : 'Un incident signalé sur une de vos missions'}
            {
              ' : un SMS court, seulement si aucun écran Relais n’est ouvert et qu’aucune notification push ne vous a atteint. Répondez STOP pour les arrêter.'
            }
          </p>
        </div>
      </div>
      {settings.stoppedAt && !settings.enabled && (
        <p className="text-sm" role="status">
          Vous avez répondu STOP : les SMS sont arrêtés. Cochez la case pour les recevoir de nouveau.
        </p>
      )}
      <Checkbox
        label="Recevoir ces alertes par SMS"
        disabled={demo}
        {...form.register('enabled', { onChange: resolver.preload })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PhoneField
          label="Numéro de mobile"
          hint="Le numéro de votre compte, aussi affiché dans votre profil."
          error={errors.phone?.message}
          {...form.register('phone', { onChange: resolver.preload })}
        />
        <SelectField
          label="SMS par jour, au plus"
          options={caps}
          error={errors.dailyCap?.message}
          {...form.register('dailyCap', { valueAsNumber: true })}
        />
        <SelectField
          label="Heures calmes, à partir de"
          options={HOURS}
          error={errors.quietStart?.message}
          {...form.register('quietStart', { valueAsNumber: true })}
        />
        <SelectField
          label="Jusqu’à"
          options={HOURS}
          error={errors.quietEnd?.message}
          {...form.register('quietEnd', { valueAsNumber: true })}
        />
      </div>
      <p className="text-sm text-ink-muted">
        Heures calmes {quietHoursText(settings.quietStart, settings.quietEnd)} (heure de Paris) : aucun SMS,
        sauf un incident ou une mission sur le point de commencer.
      </p>
      <Button type="submit" disabled={save.isPending || demo}>
        Enregistrer les SMS
      </Button>
      {demo && <NotInDemoNote />}
    </form>
  );
}
