import { Dialog } from 'radix-ui';
import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button.js';
import { FormFields } from './field.js';

/** The dimmed page behind every dialog of Relais. */
export const dialogOverlay = 'fixed inset-0 z-[60] bg-black/60';

const PANEL =
  'fixed left-1/2 top-1/2 z-[60] max-h-[90vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface-raised shadow-xl';
const SIZES = {
  /** A day of the calendar: a few fields. */
  compact: `${PANEL} w-[min(30rem,calc(100vw-2rem))] p-5`,
  normal: `${PANEL} w-[min(32rem,calc(100vw-2rem))] p-6`,
  /** A step that explains more (starting a mission and sharing the position). */
  wide: `${PANEL} w-[min(34rem,calc(100vw-2rem))] p-6`,
};

/**
 * The panel of every dialog (Radix's Dialog or AlertDialog content): centred, never wider than the screen less a
 * margin, scrolling inside past 90 % of its height, so a phone held in landscape still reaches the buttons.
 */
export function dialogPanel(size: keyof typeof SIZES = 'normal'): string {
  return SIZES[size];
}

/** A dialog: its title, a description (text or lines, as people wrote them), then what it holds. */
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
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content className={dialogPanel()}>
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="user-text mt-2 space-y-2 text-ink-muted">{description}</div>
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A dialog holding a short form (a reason, a payment's date and reference, a payslip): its fields, an error that
 * belongs to no field above the buttons, then the way out (« Annuler » unless named) and the action.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  cancelLabel = 'Annuler',
  busy,
  danger = false,
  disabled = false,
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
  cancelLabel?: string;
  busy: boolean;
  danger?: boolean;
  /** The action is off for a reason the form says (an action a demo account may not do, say). */
  disabled?: boolean;
  rootError?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocusCapture?: () => void;
  children: ReactNode;
}) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} description={description}>
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
              <Button variant="secondary">{cancelLabel}</Button>
            </Dialog.Close>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy || disabled}>
              {busy ? 'Envoi...' : submitLabel}
            </Button>
          </div>
        </FormFields>
      </form>
    </DialogFrame>
  );
}
