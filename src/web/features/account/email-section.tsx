import { useMutation } from '@tanstack/react-query';
import { Mail, MailCheck, MailWarning } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { ChangeEmailInput } from '#core/schemas/account.js';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import type { SessionUser } from '#web/lib/session.js';
import { useResendVerification } from '#web/lib/verification-banner.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { EmailField, FormFields, PasswordField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { SettingsSection } from './settings-section.js';

const resolver = lazyResolver<ChangeEmailInput>(
  async () => (await import('./resolvers.js')).changeEmailResolver as never,
);

/** The address of the account, whether it is confirmed, and changing it (confirmed from the new address). */
export function EmailSection({ user }: { user: SessionUser }) {
  const toast = useToast();
  const resend = useResendVerification();
  const form = useForm<ChangeEmailInput>({ resolver, defaultValues: { newEmail: '', password: '' } });
  const change = useMutation({
    mutationFn: (values: ChangeEmailInput) =>
      apiRequest<{ message: string }>('POST', '/api/account/email', values),
    onSuccess: () => form.reset({ newEmail: form.getValues('newEmail'), password: '' }),
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: 'Adresse inchangée',
        description: errorMessage(error, 'Réessayez.'),
        variant: 'destructive',
      });
    },
  });
  const { errors } = form.formState;
  return (
    <SettingsSection
      id="adresse-email"
      icon={Mail}
      title="Adresse e-mail"
      description="Elle sert à vous connecter et à recevoir les alertes."
    >
      <div className="mb-4 flex flex-wrap items-center gap-3 rounded-xl bg-surface-sunken p-3">
        {user.emailVerified ? (
          <MailCheck className="h-5 w-5 shrink-0 text-success" aria-hidden="true" />
        ) : (
          <MailWarning className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        )}
        <p className="min-w-48 flex-1">
          <strong className="[overflow-wrap:anywhere]">{user.email}</strong>
          <span className="block text-sm text-ink-muted">
            {user.emailVerified ? 'Adresse confirmée' : 'Adresse pas encore confirmée'}
          </span>
        </p>
        {!user.emailVerified && !user.isDemo && (
          <Button variant="secondary" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? 'Envoi...' : 'Renvoyer le lien'}
          </Button>
        )}
      </div>
      {change.isSuccess ? (
        <p role="status" className="rounded-xl border border-success/50 p-3">
          {change.data.message}
        </p>
      ) : (
        <form
          noValidate
          onFocusCapture={resolver.preload}
          onSubmit={form.handleSubmit((v) => change.mutate(v))}
        >
          {user.isDemo && <NotInDemoNote className="mb-4" />}
          <FormFields className="grid gap-4 md:grid-cols-2" disabled={user.isDemo}>
            <EmailField
              label="Nouvelle adresse"
              error={errors.newEmail?.message}
              {...form.register('newEmail')}
            />
            <PasswordField
              label="Mot de passe actuel"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <div className="md:col-span-2">
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? 'Envoi...' : 'Changer d’adresse'}
              </Button>
            </div>
          </FormFields>
        </form>
      )}
    </SettingsSection>
  );
}
