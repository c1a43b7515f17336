import { cn } from '#web/ui/cn.js';

type Tone = 'waiting' | 'good' | 'bad' | 'neutral';

const tones: Record<Tone, string> = {
  waiting: 'border-accent/60 text-accent',
  good: 'border-success/60 text-success',
  bad: 'border-danger/60 text-danger',
  neutral: 'border-line text-ink-muted',
};

const TONE_OF: Record<string, Tone> = {
  pending: 'waiting',
  pending_validation: 'waiting',
  expiring: 'waiting',
  verified: 'good',
  approved: 'good',
  valid: 'good',
  rejected: 'bad',
  expired: 'bad',
  missing: 'bad',
  expires_before_end: 'bad',
  replaced: 'neutral',
};

/** A small pill saying where something stands, coloured by whether it waits, passed or failed. */
export function StatusBadge({ status, children }: { status: string; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-bold',
        tones[TONE_OF[status] ?? 'neutral'],
      )}
    >
      {children}
    </span>
  );
}
