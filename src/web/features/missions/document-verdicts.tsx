import { CheckCircle2, Clock, ExternalLink, XCircle } from 'lucide-react';
import { formatNumericDay } from '#core/rules/french-dates.js';
import { DOCUMENT_LABELS, type RequiredDocument } from '#core/rules/missions.js';
import type { RequirementVerdictView } from '#core/schemas/documents.js';
import { cn } from '#web/ui/cn.js';

type Audience = 'driver' | 'transporter';
type Tone = 'success' | 'pending' | 'danger';

/**
 * One required document judged until the mission's last day, in the words of who reads it: the driver ("Valide
 * jusqu’au…", "Manquant") or the transporter looking at an applicant ("vérifié", "en attente", "manquant"…).
 */
export function verdictText(
  verdict: RequirementVerdictView,
  audience: Audience,
): { label: string; detail: string | null; tone: Tone } {
  const until = verdict.expiresOn ? formatNumericDay(verdict.expiresOn) : null;
  switch (verdict.state) {
    case 'valid':
      return audience === 'driver'
        ? { label: until ? `Valide jusqu’au ${until}` : 'Valide', detail: null, tone: 'success' }
        : { label: 'Vérifié', detail: until ? `jusqu’au ${until}` : null, tone: 'success' };
    case 'pending':
      return audience === 'driver'
        ? { label: 'En cours de vérification', detail: null, tone: 'pending' }
        : { label: 'En attente de vérification', detail: null, tone: 'pending' };
    case 'missing':
      return { label: 'Manquant', detail: null, tone: 'danger' };
    case 'rejected':
      return { label: 'Refusé', detail: verdict.reason, tone: 'danger' };
    case 'expires_before_end':
      return {
        label: 'Expire avant la fin',
        detail: until ? `le ${until}` : null,
        tone: 'danger',
      };
  }
}

const TONE_TEXT: Record<Tone, string> = {
  success: 'text-success',
  pending: 'text-accent',
  danger: 'text-danger',
};
const TONE_ICON = { success: CheckCircle2, pending: Clock, danger: XCircle } as const;

/**
 * The mission's required documents with the standing of one driver. For a transporter, a verified document
 * can be opened ("Voir", in a new tab: the opening is recorded and shown to the driver).
 */
export function VerdictList({
  verdicts,
  audience,
  className,
}: {
  verdicts: readonly RequirementVerdictView[];
  audience: Audience;
  className?: string;
}) {
  if (verdicts.length === 0) return null;
  return (
    <ul className={cn('space-y-1.5 text-sm', className)}>
      {verdicts.map((verdict) => {
        const text = verdictText(verdict, audience);
        const Icon = TONE_ICON[text.tone];
        const name = DOCUMENT_LABELS[verdict.requirement as RequiredDocument] ?? verdict.requirement;
        return (
          <li key={verdict.requirement} className="flex items-start gap-2">
            <Icon className={cn('mt-0.5 h-4 w-4 shrink-0', TONE_TEXT[text.tone])} aria-hidden="true" />
            <span className="min-w-0">
              <span className="font-semibold">{name}</span> :{' '}
              <span className={cn('font-semibold', TONE_TEXT[text.tone])}>{text.label}</span>
              {text.detail && <span className="user-text text-ink-muted"> ({text.detail})</span>}
              {audience === 'transporter' && verdict.state === 'valid' && verdict.documentId && (
                <>
                  {' '}
                  <a
                    href={`/api/documents/${verdict.documentId}/file`}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex items-center gap-0.5 font-semibold text-accent underline"
                    aria-label={`Voir : ${name} (nouvel onglet)`}
                  >
                    Voir <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                  </a>
                </>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
