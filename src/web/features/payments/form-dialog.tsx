import { Dialog } from 'radix-ui';
import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '#web/ui/button.js';
import { FormFields } from '#web/ui/field.js';

/**
 * A dialog holding a short form (the payment's date and reference, a dispute's reason, a payslip): its fields,
 * an error that belongs to no field above the buttons, then "Annuler" and the action.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  busy,
  danger = false,
  rootError,
  onSubmit,
  onFocusCapture,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  busy: boolean;
  danger?: boolean;
  rootError?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocusCapture?: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[60] max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface-raised p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 space-y-2 text-ink-muted">{description}</div>
          </Dialog.Description>
          <form noValidate className="mt-4" onSubmit={onSubmit} onFocusCapture={onFocusCapture}>
            <FormFields>
              {children}
              {rootError && (
                <p role="alert" className="text-sm font-medium text-danger">
                  {rootError}
                </p>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="secondary">Annuler</Button>
                </Dialog.Close>
                <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
                  {busy ? 'Envoi...' : submitLabel}
                </Button>
              </div>
            </FormFields>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
