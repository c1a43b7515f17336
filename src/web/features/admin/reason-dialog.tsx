import { useEffect, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { FormDialog } from '#web/ui/dialog.js';
import { TextAreaField } from '#web/ui/field.js';

interface ReasonForm {
  reason: string;
}
type ReasonResolver = Resolver<ReasonForm> & { preload: () => void };
const refusalResolver = lazyResolver<ReasonForm>(
  async () => (await import('./resolvers.js')).reasonResolver as never,
);

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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      submitLabel={confirmLabel}
      busy={isSubmitting}
      danger
      rootError={errors.root?.message}
      onSubmit={(event) => void submit(event)}
    >
      <TextAreaField
        label={label}
        rows={4}
        maxLength={500}
        hint={hint}
        error={errors.reason?.message}
        onFocus={resolver.preload}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}
