import { Toast as RadixToast } from 'radix-ui';
import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { cn } from './cn.js';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

interface ToastState extends ToastInput {
  id: number;
}

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);

/** SPEC.md §9: one toast at a time, 5000 ms, swipe right past 50 px dismisses, F8 focuses the region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const show = useCallback((toast: ToastInput) => setCurrent({ ...toast, id: Date.now() }), []);
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
        {children}
        {current && (
          <RadixToast.Root
            key={current.id}
            type={current.variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) setCurrent(null);
            }}
            className={cn(
              'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
              'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-none',
              current.variant === 'destructive'
                ? 'border-danger bg-surface-raised text-ink'
                : current.variant === 'success'
                  ? 'border-success bg-surface-raised text-ink'
                  : 'border-line bg-surface-raised text-ink',
            )}
          >
            <div className="space-y-1">
              <RadixToast.Title
                className={cn('font-semibold', current.variant === 'destructive' && 'text-danger')}
              >
                {current.title}
              </RadixToast.Title>
              {current.description && (
                <RadixToast.Description className="text-sm text-ink-muted">
                  {current.description}
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
        )}
        <RadixToast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
