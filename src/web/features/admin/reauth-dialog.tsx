import { AlertDialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, apiRequest, setReauthHandler } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { PasswordField } from '#web/ui/field.js';

/**
 * Mounted once in the back office: when a sensitive action answers that the password must be typed again
 * (403 REAUTH_REQUIRED, web/lib/api.ts), this dialog asks for it, confirms it (POST /api/admin/reauth) and lets
 * the action be tried again; « Annuler » gives the action its refusal. Several actions refused at once share one
 * dialog.
 */
interface ReauthValues {
  password: string;
}

const resolver = lazyResolver<ReauthValues>(async () => (await import('./resolvers.js')).reauthResolver);

export function ReauthDialog() {
  const [open, setOpen] = useState(false);
  const form = useForm<ReauthValues>({ resolver, defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);

  useEffect(
    () =>
      setReauthHandler(() => {
        if (!waiting.current) {
          let resolve!: (ok: boolean) => void;
          const promise = new Promise<boolean>((done) => (resolve = done));
          waiting.current = { promise, resolve };
          form.reset({ password: '' });
          resolver.preload();
          setOpen(true);
        }
        return waiting.current.promise;
      }),
    [form],
  );

  const finish = (ok: boolean) => {
    waiting.current?.resolve(ok);
    waiting.current = null;
    setOpen(false);
    form.reset({ password: '' });
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      await apiRequest('POST', '/api/admin/reauth', input);
      finish(true);
    } catch (failure) {
      showFieldErrors(form, failure);
      if (!(failure instanceof ApiError && failure.fieldErrors.password))
        form.setError('password', { message: errorMessage(failure, 'Vérification impossible. Réessayez.') });
      // Too many wrong passwords end the session: the action cannot go on.
      if (failure instanceof ApiError && (failure.status === 429 || failure.status === 401)) finish(false);
    }
  });

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && finish(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-black/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[70] max-h-[90vh] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface-raised p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">Confirmez votre mot de passe</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink-muted">
            Cette action est sensible : tapez à nouveau votre mot de passe. Il restera valable 5 minutes pour
            les actions suivantes.
          </AlertDialog.Description>
          <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
            <PasswordField
              label="Mot de passe"
              autoComplete="current-password"
              autoFocus
              {...form.register('password')}
              error={errors.password?.message}
            />
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className={buttonClasses('secondary')}>Annuler</AlertDialog.Cancel>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Vérification...' : 'Confirmer'}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
