import type { DriverDocumentType } from '#core/rules/documents.js';
import type { MyDocuments } from '#core/schemas/documents.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { requirementLine, typeToAdd } from './labels.js';
import { TONE_ICONS, TONE_TEXT } from './tone.js';

/** "Ce qu’il vous faut pour postuler": each paper the profile needs, its state today and what it blocks. */
export function RequirementsChecklist({
  data,
  onAdd,
}: {
  data: MyDocuments;
  /** Opens the form on that type of document. */
  onAdd: (type: DriverDocumentType) => void;
}) {
  return (
    <section
      aria-labelledby="documents-requis"
      className="rounded-2xl border border-line bg-surface-raised p-5"
    >
      <h2 id="documents-requis" className="text-lg font-bold">
        Ce qu’il vous faut pour postuler
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Les missions exigent ces documents, valables jusqu’à leur dernier jour.
      </p>
      <ul className="mt-4 divide-y divide-line">
        {data.requirements.map((verdict) => {
          const line = requirementLine(verdict);
          const Icon = TONE_ICONS[line.tone];
          return (
            <li
              key={verdict.requirement}
              className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 py-3 first:pt-0 last:pb-0 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
            >
              <Icon className={cn('mt-0.5 h-5 w-5 shrink-0', TONE_TEXT[line.tone])} aria-hidden="true" />
              <div>
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold">{line.title}</span>
                  <span className={cn('user-text text-sm font-semibold', TONE_TEXT[line.tone])}>
                    {line.state}
                  </span>
                </p>
                <p className="mt-0.5 text-sm text-ink-muted">{line.consequence}</p>
              </div>
              {line.actionNeeded && (
                // Under the text on a phone, beside it from the tablet up.
                <Button
                  size="sm"
                  variant="secondary"
                  className="col-start-2 mt-2 justify-self-start sm:col-start-3 sm:row-start-1 sm:mt-0"
                  aria-label={`Ajouter : ${line.title}`}
                  onClick={() => onAdd(typeToAdd(verdict.requirement, data.documents))}
                >
                  Ajouter
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
