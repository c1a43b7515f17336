import { Dialog } from 'radix-ui';
import { useEffect, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { TextAreaField } from '#web/ui/field.js';

interface ReasonForm {
  reason: string;
}
type ReasonResolver = Resolver<ReasonForm> & { preload: () => void };
const refusalResolver = lazyResolver<ReasonForm>(
  async () => (await import('./resolvers.js')).reasonResolver as never,
);

/** The back office's dialog: title, a description (text or lines), then its form. */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[60] max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface-raised p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="user-text mt-2 space-y-1 text-ink-muted">{description}</div>
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Asks the reason of a decision (a refusal by default: 5 to 500 characters, shown to the person), then sends it.
 * The error of the field, the client's or the server's, shows under it; another refusal (a decision taken
 * meanwhile) above the buttons.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label = 'Motif du refus',
  hint,
  confirmLabel,
  failure = 'Le refus n’a pas pu être enregistré',
  resolver = refusalResolver,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  label?: string;
  hint?: string;
  confirmLabel: string;
  /** Said when the server refuses for another reason than the field. */
  failure?: string;
  /** The API's schema for the reason (the refusals' by default). */
  resolver?: ReasonResolver;
  /** Sends the decision; rejects with the API's error to show it. */
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
        form.setError('root', { message: errorMessage(error, failure) });
    }
  });
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
        <TextAreaField
          label={label}
          rows={4}
          maxLength={500}
          hint={hint}
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
    </DialogFrame>
  );
}
