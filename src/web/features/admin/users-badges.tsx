import type { AdminUserRow } from '#core/schemas/admin-users.js';
import { ROLE_LABELS } from '#core/rules/roles.js';
import { cn } from '#web/ui/cn.js';

const tones = {
  good: 'border-success/60 text-success',
  bad: 'border-danger/60 text-danger',
  waiting: 'border-accent/60 text-accent',
  neutral: 'border-line text-ink-muted',
} as const;

function Pill({ tone, children }: { tone: keyof typeof tones; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-bold',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

const STATE_LABELS: Record<AdminUserRow['state'], string> = {
  active: 'Actif',
  deactivated: 'Désactivé',
  deleted: 'Supprimé',
};

/** Where the account stands, its role and what sets it apart (e-mail not confirmed, demo), as small pills. */
export function UserBadges({
  user,
  withRole = true,
}: {
  user: Pick<AdminUserRow, 'state' | 'role' | 'emailVerified' | 'isDemo'>;
  withRole?: boolean;
}) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {withRole && <Pill tone="neutral">{ROLE_LABELS[user.role]}</Pill>}
      <Pill tone={user.state === 'active' ? 'good' : 'bad'}>{STATE_LABELS[user.state]}</Pill>
      {!user.emailVerified && user.state !== 'deleted' && <Pill tone="waiting">E-mail non confirmé</Pill>}
      {user.isDemo && <Pill tone="neutral">Démo</Pill>}
    </span>
  );
}
