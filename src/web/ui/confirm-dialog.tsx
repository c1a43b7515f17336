import { AlertDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { buttonClasses } from './button.js';
import { dialogOverlay, dialogPanel } from './dialog.js';

/**
 * Asks before an action that others will feel (choosing a driver, say): what will happen and who will be told,
 * then "Confirmer" or "Annuler". Keyboard and screen readers get Radix's alert dialog behaviour.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  busy = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  // Opened without a trigger (after a refused request, say), Radix has nowhere to return the focus: the element
  // that had it when the dialog opened gets it back, so the keyboard does not land at the top of the page.
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlay} />
        <AlertDialog.Content
          onOpenAutoFocus={() => {
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnTo.current;
            if (target?.isConnected && target !== document.body) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={dialogPanel()}
        >
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 space-y-2 text-ink-muted">{children}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>Annuler</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses('primary')}
              disabled={busy}
              onClick={(event) => {
                // The dialog closes once the action is done (the caller closes it), not before.
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
