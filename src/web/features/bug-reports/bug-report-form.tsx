import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  BUG_CATEGORY_HINTS,
  BUG_CATEGORY_LABELS,
  BUG_PRIORITY_LABELS,
  disclosureNote,
  type BugCategory,
  type BugPriority,
} from '#core/rules/bug-reports.js';
import { BUG_CATEGORIES, BUG_PRIORITIES } from '#core/rules/enums.js';
import {
  BUG_DESCRIPTION_MAX,
  BUG_TITLE_MAX,
  type BugReport,
  type BugReportInput,
} from '#core/schemas/bug-reports.js';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useIsDemo } from '#web/lib/session.js';
import { useContactEmail } from '#web/lib/site-settings.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
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
interface BugReportValues {
  title: string;
  description: string;
  category: BugCategory | '';
  priority: BugPriority;
  page: string;
  browserInfo: string;
}

const resolver = lazyResolver<BugReportValues>(
  async () => (await import('./resolvers.js')).bugReportResolver as never,
);

export function BugReportForm({ remainingToday }: { remainingToday: number }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const contact = useContactEmail();
  const form = useForm<BugReportValues, unknown, BugReportInput>({
    resolver: resolver as never,
    defaultValues: {
      title: '',
      description: '',
      category: '',
      priority: 'medium',
      page: typeof window === 'undefined' ? '' : pageCameFrom(),
      browserInfo: typeof window === 'undefined' ? '' : currentBrowserInfo(),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [screenshot, setScreenshot] = useState<PickedScreenshot | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const category = form.watch('category');
  const priority = form.watch('priority');
  const browserInfo = form.getValues('browserInfo');
  const security = category === 'security';
  const exhausted = remainingToday <= 0;
  // A report reaches the team, who would act on fictional data.
  const demo = useIsDemo();

  const submit = form.handleSubmit(
    async (input) => {
      setFailure(null);
      const body = new FormData();
      body.append('title', input.title);
      body.append('description', input.description);
      body.append('category', input.category);
      body.append('priority', input.priority);
      if (input.page) body.append('page', input.page);
      if (input.browserInfo) body.append('browserInfo', input.browserInfo);
      if (screenshot) body.append('screenshot', screenshot.blob, 'capture.jpg');
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
        form.reset({ ...form.getValues(), title: '', description: '', category: '', priority: 'medium' });
        setScreenshot(null);
      } catch (error) {
        showFieldErrors(form, error);
        if (error instanceof ApiError) setScreenshotError(error.fieldErrors.screenshot);
        setFailure(
          errorMessage(error, 'Votre signalement n’a pas pu être envoyé. Réessayez dans un instant.'),
        );
      }
    },
    () => setFailure(null),
  );

  return (
    <form
      noValidate
      aria-labelledby="bug-form-title"
      className="space-y-5 rounded-2xl border border-line bg-surface-raised p-5 sm:p-6"
      onSubmit={(event) => void submit(event)}
      onFocus={resolver.preload}
    >
      <h2 id="bug-form-title" className="text-lg font-bold">
        Nouveau signalement
      </h2>
      {demo && <NotInDemoNote />}
      <fieldset disabled={exhausted || demo} className="min-w-0 space-y-5">
        <TextField
          label="Titre"
          maxLength={BUG_TITLE_MAX}
          {...form.register('title')}
          hint="En quelques mots : « La carte ne s’affiche pas »."
          error={errors.title?.message}
        />
        <TextAreaField
          label="Description"
          rows={5}
          maxLength={BUG_DESCRIPTION_MAX}
          {...form.register('description')}
          hint="Ce que vous faisiez, ce qui s’est passé, ce que vous attendiez."
          error={errors.description?.message}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-1.5">
            <SelectField
              label="Catégorie"
              placeholder="Choisir…"
              options={CATEGORY_OPTIONS}
              {...form.register('category')}
              error={errors.category?.message}
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
              onChange={(event) => form.setValue('priority', event.target.value as BugPriority)}
              error={errors.priority?.message}
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
          maxLength={500}
          inputMode="url"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="/missions"
          {...form.register('page')}
          hint="La page de Relais où le problème apparaît, par exemple /missions. Laissez vide si vous ne savez pas."
          error={errors.page?.message}
        />
        <ScreenshotPicker
          value={screenshot}
          onChange={(value) => {
            setScreenshot(value);
            setScreenshotError(undefined);
          }}
          error={screenshotError}
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
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        disabled={isSubmitting || exhausted || demo}
      >
        {isSubmitting ? 'Envoi…' : 'Envoyer le signalement'}
      </Button>
    </form>
  );
}
