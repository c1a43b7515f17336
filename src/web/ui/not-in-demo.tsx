import { Lock } from 'lucide-react';
import { demoMessages } from '#core/rules/demo.js';
import { cn } from '#web/ui/cn.js';

/**
 * Beside a control a demo account may not use (e-mail, password, account deletion, paid plans, card payments,
 * push): why it is off, instead of a form that would fail. The server refuses those actions too (403 not_in_demo).
 */
export function NotInDemoNote({ className }: { className?: string }) {
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-xl border border-line bg-surface-sunken px-3 py-2 text-sm',
        className,
      )}
      data-testid="not-in-demo"
    >
      <Lock className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
      <span>{demoMessages.notInDemo}</span>
    </p>
  );
}
