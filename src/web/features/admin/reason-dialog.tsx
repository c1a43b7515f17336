import { Dialog } from 'radix-ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { TextAreaField } from '#web/ui/field.js';

interface ReasonForm {
  reason: string;
}
const resolver = lazyResolver<ReasonForm>(
  async () => (await import('./resolvers.js')).reasonResolver as never,
);

/**
 * Asks the reason of a refusal (5 to 500 characters, shown to the driver), then refuses. The error of the field,
 * the client's or the server's, shows under it; another refusal (a decision taken meanwhile) above the buttons.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label = 'Motif du refus',
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label?: string;
  confirmLabel: string;
  /** Sends the refusal; rejects with the API's error to show it. */
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const form = useForm<ReasonForm>({ resolver, defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open, form]);
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason);
      onOpenChange(false);
    } catch (error) {
      showFieldErrors(form, error);
      if (!form.getFieldState('reason').error)
        form.setError('root', { message: errorMessage(error, 'Le refus n’a pas pu être enregistré') });
    }
  });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[60] max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface-raised p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-ink-muted">{description}</Dialog.Description>
          <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
            <TextAreaField
              label={label}
              rows={4}
              maxLength={500}
              error={errors.reason?.message}
              onFocus={resolver.preload}
              {...form.register('reason')}
            />
            {errors.root?.message && (
              <p role="alert" className="text-sm font-medium text-danger">
                {errors.root.message}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Annuler</Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" disabled={isSubmitting}>
                {isSubmitting ? 'Envoi...' : confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
