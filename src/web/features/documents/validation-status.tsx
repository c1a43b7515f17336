import { Check } from 'lucide-react';
import type { MyDocuments } from '#core/schemas/documents.js';
import { cn } from '#web/ui/cn.js';
import { validationSummary, type ValidationStep } from './labels.js';
import { TONE_TEXT } from './tone.js';

const STEPS: Array<{ step: ValidationStep; label: (data: MyDocuments) => string }> = [
  { step: 'documents', label: () => 'Documents' },
  { step: 'interview', label: () => 'Entretien' },
  {
    step: 'decision',
    label: (data) =>
      data.validation.status === 'approved'
        ? 'Validé'
        : data.validation.status === 'rejected'
          ? 'Refusé'
          : 'Validation',
  },
];

const STATE_WORDS = { done: ' : fait', current: ' : en cours', refused: '', todo: ' : à venir' };

/** Relais's validation of the driver: documents, then an interview, then approved or refused. */
export function ValidationStatus({ data }: { data: MyDocuments }) {
  const summary = validationSummary(data.validation, data.documentsVerified);
  return (
    <section
      aria-labelledby="validation-relais"
      className="rounded-2xl border border-line bg-surface-raised p-5"
    >
      <h2 id="validation-relais" className="text-lg font-bold">
        Validation de votre profil par Relais
      </h2>
      <ol className="mt-4 grid grid-cols-3 gap-2" aria-label="Étapes de la validation">
        {STEPS.map(({ step, label }, index) => {
          const refused = step === 'decision' && data.validation.status === 'rejected';
          const state = summary.done.includes(step)
            ? 'done'
            : refused
              ? 'refused'
              : summary.current === step
                ? 'current'
                : 'todo';
          return (
            <li
              key={step}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn(
                'flex min-w-0 flex-col items-center gap-1 rounded-xl border p-2 text-center text-sm',
                state === 'done' && 'border-success/40 bg-success/10',
                state === 'current' && 'border-accent bg-brand-500/10',
                state === 'refused' && 'border-danger bg-danger/10',
                state === 'todo' && 'border-line text-ink-muted',
              )}
            >
              <span
                className={cn(
                  'flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold',
                  state === 'done' && 'bg-success text-surface-raised',
                  state === 'refused' && 'bg-danger text-danger-ink',
                  state === 'current' && 'bg-accent text-accent-ink',
                  state === 'todo' && 'bg-surface-sunken',
                )}
                aria-hidden="true"
              >
                {state === 'done' ? <Check className="h-4 w-4" /> : index + 1}
              </span>
              <span className="font-semibold">
                {label(data)}
                <span className="sr-only">{STATE_WORDS[state]}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="mt-4" role="status">
        <p className={cn('font-semibold', TONE_TEXT[summary.tone])}>{summary.title}</p>
        <p className="user-text mt-1 text-sm text-ink-muted">{summary.text}</p>
      </div>
    </section>
  );
}
