import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import {
  BUG_CATEGORY_HINTS,
  BUG_CATEGORY_LABELS,
  BUG_PRIORITY_LABELS,
  disclosureNote,
  type BugCategory,
  type BugPriority,
} from '#core/rules/bug-reports.js';
import { BUG_CATEGORIES, BUG_PRIORITIES } from '#core/rules/enums.js';
import { BUG_DESCRIPTION_MAX, BUG_TITLE_MAX, type BugReport } from '#core/schemas/bug-reports.js';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useIsDemo } from '#web/lib/session.js';
import { useContactEmail } from '#web/lib/site-settings.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { SelectField, TextAreaField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { currentBrowserInfo, pageCameFrom } from './context.js';
import { DisclosureNote } from './disclosure-note.js';
import { myReportsKey } from './my-reports.js';
import { ScreenshotPicker, type PickedScreenshot } from './screenshot-picker.js';

const CATEGORY_OPTIONS = BUG_CATEGORIES.map((value) => ({ value, label: BUG_CATEGORY_LABELS[value] }));
const PRIORITY_OPTIONS = BUG_PRIORITIES.map((value) => ({ value, label: BUG_PRIORITY_LABELS[value] }));

/**
 * The report: what goes wrong, where, how bad, with an optional screenshot. The page concerned and the device's
 * details are filled in; the page can be corrected, the details are shown as sent.
 */
export function BugReportForm({ remainingToday }: { remainingToday: number }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const contact = useContactEmail();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<BugCategory | ''>('');
  const [priority, setPriority] = useState<BugPriority>('medium');
  const [page, setPage] = useState(() => (typeof window === 'undefined' ? '' : pageCameFrom()));
  const [browserInfo] = useState(() => (typeof window === 'undefined' ? '' : currentBrowserInfo()));
  const [screenshot, setScreenshot] = useState<PickedScreenshot | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const security = category === 'security';
  /** A field changed: its error goes (the next send checks again). */
  const edited = (field: string) => {
    if (errors[field]) setErrors(Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field)));
  };
  const exhausted = remainingToday <= 0;
  // A report reaches the team, who would act on fictional data.
  const demo = useIsDemo();

  const submit = async () => {
    const missing: Record<string, string> = {};
    if (title.trim().length < 3) missing.title = 'Donnez un titre de 3 caractères au moins';
    if (description.trim().length < 10)
      missing.description = 'Décrivez le problème en 10 caractères au moins';
    if (!category) missing.category = 'Choisissez une catégorie';
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    const body = new FormData();
    body.append('title', title);
    body.append('description', description);
    body.append('category', category);
    body.append('priority', priority);
    if (page.trim()) body.append('page', page.trim());
    body.append('browserInfo', browserInfo);
    if (screenshot) body.append('screenshot', screenshot.blob, 'capture.jpg');
    setSending(true);
    try {
      const created = await apiRequest<BugReport>('POST', '/api/bug-reports', body);
      await queryClient.invalidateQueries({ queryKey: myReportsKey });
      toast({
        title: 'Signalement envoyé',
        description:
          created.category === 'security'
            ? 'Merci : nous vous répondons sous 72 h, ici et par e-mail.'
            : 'Merci : vous suivrez sa prise en charge ci-dessous, et par e-mail.',
        variant: 'success',
      });
      setTitle('');
      setDescription('');
      setCategory('');
      setPriority('medium');
      setScreenshot(null);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      setFailure(errorMessage(error, 'Votre signalement n’a pas pu être envoyé. Réessayez dans un instant.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="bug-form-title"
      className="space-y-5 rounded-2xl border border-line bg-surface-raised p-5 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="bug-form-title" className="text-lg font-bold">
        Nouveau signalement
      </h2>
      {demo && <NotInDemoNote />}
      <fieldset disabled={exhausted || demo} className="min-w-0 space-y-5">
        <TextField
          label="Titre"
          value={title}
          maxLength={BUG_TITLE_MAX}
          onChange={(event) => {
            setTitle(event.target.value);
            edited('title');
          }}
          hint="En quelques mots : « La carte ne s’affiche pas »."
          error={errors.title}
        />
        <TextAreaField
          label="Description"
          rows={5}
          value={description}
          maxLength={BUG_DESCRIPTION_MAX}
          onChange={(event) => {
            setDescription(event.target.value);
            edited('description');
          }}
          hint="Ce que vous faisiez, ce qui s’est passé, ce que vous attendiez."
          error={errors.description}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-1.5">
            <SelectField
              label="Catégorie"
              value={category}
              placeholder="Choisir…"
              options={CATEGORY_OPTIONS}
              onChange={(event) => {
                setCategory(event.target.value as BugCategory | '');
                edited('category');
              }}
              error={errors.category}
            />
            {category && !errors.category && (
              <p className="text-sm text-ink-muted">{BUG_CATEGORY_HINTS[category]}</p>
            )}
          </div>
          <div className="space-y-1.5">
            <SelectField
              label="Priorité"
              value={security ? 'high' : priority}
              disabled={security}
              options={PRIORITY_OPTIONS}
              onChange={(event) => setPriority(event.target.value as BugPriority)}
              error={errors.priority}
            />
            {security && (
              <p className="text-sm text-ink-muted">
                Un problème de sécurité est toujours traité en priorité haute.
              </p>
            )}
          </div>
        </div>
        {security && <DisclosureNote text={disclosureNote(contact)} />}
        <TextField
          label="Page concernée"
          value={page}
          maxLength={500}
          inputMode="url"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="/missions"
          onChange={(event) => {
            setPage(event.target.value);
            edited('page');
          }}
          hint="La page de Relais où le problème apparaît, par exemple /missions. Laissez vide si vous ne savez pas."
          error={errors.page}
        />
        <ScreenshotPicker
          value={screenshot}
          onChange={(value) => {
            setScreenshot(value);
            edited('screenshot');
          }}
          error={errors.screenshot}
        />
        <details className="group rounded-lg bg-surface-sunken p-3 text-sm">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-2 font-semibold">
            Informations techniques envoyées
            <ChevronDown className="h-4 w-4 transition group-open:rotate-180" aria-hidden="true" />
          </summary>
          <p className="mt-2 text-ink-muted">
            Jointes automatiquement pour nous aider à reproduire le problème. Rien d’autre n’est envoyé.
          </p>
          <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-xs">{browserInfo}</pre>
        </details>
      </fieldset>
      {exhausted && (
        <p role="status" className="text-sm font-medium">
          Vous avez envoyé le nombre maximal de signalements pour aujourd’hui. Vous pourrez en envoyer
          d’autres demain ; en cas d’urgence, écrivez à {contact}.
        </p>
      )}
      {!exhausted && !demo && remainingToday <= 3 && (
        <p className="text-sm text-ink-muted">
          Encore {remainingToday} signalement{remainingToday > 1 ? 's' : ''} possible
          {remainingToday > 1 ? 's' : ''} aujourd’hui.
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending || exhausted || demo}>
        {sending ? 'Envoi…' : 'Envoyer le signalement'}
      </Button>
    </form>
  );
}
