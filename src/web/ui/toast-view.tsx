import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { cn } from './cn.js';
import type { ToastState } from './toast.js';

/** docs/specification.md §9: 5000 ms, swipe right past 50 px dismisses, F8 focuses the region. */
export function ToastView({ toast, onClose }: { toast: ToastState; onClose: () => void }) {
  return (
    <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      <RadixToast.Root
        key={toast.id}
        type={toast.variant === 'destructive' ? 'foreground' : 'background'}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        className={cn(
          'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
          'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
          'bg-surface-raised text-ink',
          toast.variant === 'destructive'
            ? 'border-danger'
            : toast.variant === 'success'
              ? 'border-success'
              : 'border-line',
        )}
      >
        <div className="space-y-1">
          <RadixToast.Title className={cn('font-semibold', toast.variant === 'destructive' && 'text-danger')}>
            {toast.title}
          </RadixToast.Title>
          {toast.description && (
            <RadixToast.Description className="text-sm text-ink-muted">
              {toast.description}
            </RadixToast.Description>
          )}
        </div>
        <RadixToast.Close
          aria-label="Fermer la notification"
          className="absolute right-2 top-2 rounded-md p-1 text-ink-muted hover:text-ink"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </RadixToast.Close>
      </RadixToast.Root>
      <RadixToast.Viewport className="fixed bottom-(--consent-space) right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
