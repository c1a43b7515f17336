import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useIsDemo } from '#web/lib/session.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { FormFields, PasswordField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { SettingsSection } from './settings-section.js';
import { useSessionsRefresh } from './sessions-section.js';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}
const empty: PasswordForm = { currentPassword: '', newPassword: '', confirmation: '' };
const resolver = lazyResolver<PasswordForm>(
  async () => (await import('./resolvers.js')).changePasswordResolver as never,
);

/** Changing the password: the current one, the new one twice; the other devices are signed out. */
export function PasswordSection() {
  const toast = useToast();
  const refreshSessions = useSessionsRefresh();
  const demo = useIsDemo();
  const form = useForm<PasswordForm>({ resolver, defaultValues: empty });
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordForm) =>
      apiRequest<{ message: string }>('POST', '/api/account/password', { currentPassword, newPassword }),
    onSuccess: ({ message }) => {
      form.reset(empty);
      void refreshSessions();
      toast({ title: message, variant: 'success' });
    },
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: 'Mot de passe inchangé',
        description: errorMessage(error, 'Réessayez.'),
        variant: 'destructive',
      });
    },
  });
  const { errors } = form.formState;
  return (
    <SettingsSection
      id="mot-de-passe"
      icon={KeyRound}
      title="Mot de passe"
      description="Changer de mot de passe déconnecte vos autres appareils. Un e-mail vous le confirme."
    >
      <form
        noValidate
        onFocusCapture={resolver.preload}
        onSubmit={form.handleSubmit((v) => change.mutate(v))}
      >
        {demo && <NotInDemoNote className="mb-4" />}
        <FormFields className="grid gap-4 md:grid-cols-3" disabled={demo}>
          <PasswordField
            label="Mot de passe actuel"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <PasswordField
            label="Nouveau mot de passe"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordField
            label="Confirmer le nouveau"
            autoComplete="new-password"
            error={errors.confirmation?.message}
            {...form.register('confirmation')}
          />
          <div className="md:col-span-3">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Enregistrement...' : 'Changer le mot de passe'}
            </Button>
          </div>
        </FormFields>
      </form>
    </SettingsSection>
  );
}
