import { formatFileSize } from '#core/rules/text.js';
import { Upload } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm, type Path } from 'react-hook-form';
import {
  ADR_LABELS,
  ADR_SPECIALISATIONS,
  DOCUMENT_RULES,
  DRIVER_DOCUMENT_HINTS,
  DRIVER_DOCUMENT_LABELS,
  DRIVER_DOCUMENT_TYPES,
  LICENSE_CATEGORIES,
  type DriverDocumentType,
} from '#core/rules/documents.js';
import { ApiError } from '#web/lib/api.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { CheckboxGroup, FormFields, SelectField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { useUploadDocument } from './api/upload-document.js';
import { ACCEPTED_FILES, EMPTY_UPLOAD, type UploadFormValues } from './upload-values.js';

const resolver = lazyResolver<UploadFormValues>(async () => (await import('./resolvers.js')).uploadResolver);
const FIELDS = new Set<string>([
  'type',
  'number',
  'label',
  'issuedAt',
  'expiresAt',
  'categories',
  'adrKinds',
  'file',
]);

/** A request from the checklist to add a document of a type ("Ajouter" beside a missing paper). */
export interface AddRequest {
  type: DriverDocumentType;
  /** Changes on every click, so the same type asked twice still scrolls and focuses. */
  nonce: number;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-danger" role="alert">
      {message}
    </p>
  );
}

/** "Ajouter un document": type, number, dates, categories or specialisations, the file; checked before sending. */
export function UploadForm({ request }: { request: AddRequest | null }) {
  const toast = useToast();
  const ids = useId();
  const formElement = useRef<HTMLFormElement>(null);
  const section = useRef<HTMLElement>(null);
  const form = useForm<UploadFormValues>({ resolver, defaultValues: EMPTY_UPLOAD });
  const { errors } = form.formState;
  const type = form.watch('type');
  const files = form.watch('file');
  const file = files?.[0];
  const rule = type ? DOCUMENT_RULES[type] : null;

  useEffect(() => {
    if (!request) return;
    form.setValue('type', request.type);
    form.clearErrors();
    section.current?.scrollIntoView({ block: 'start' });
    form.setFocus('type');
  }, [request, form]);

  const upload = useUploadDocument({
    onSuccess: (document) => {
      formElement.current?.reset();
      form.reset(EMPTY_UPLOAD);
      toast({
        title: 'Document envoyé',
        description: `${DRIVER_DOCUMENT_LABELS[document.type]} : Relais le vérifie et vous prévient.`,
        variant: 'success',
      });
    },
    onError: async (error) => {
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        for (const [field, message] of Object.entries(fields)) {
          if (FIELDS.has(field)) form.setError(field as Path<UploadFormValues>, { message });
        }
        // Refused for its size or content before the route could say which field: it is the file.
        if (!fields.file && [413, 415, 422].includes(error.status)) {
          const { documentMessages } = await import('#core/schemas/documents.js');
          form.setError('file', {
            message: error.status === 413 ? documentMessages.fileTooLarge : error.message,
          });
        }
      }
      toast({
        title: 'Envoi impossible',
        description: errorMessage(error, 'Réessayez dans un instant.'),
        variant: 'destructive',
      });
    },
  });

  const busy = upload.isPending;
  const percent = upload.progress === null ? null : Math.round(upload.progress * 100);
  const hintId = `${ids}-type-hint`;
  const fileId = `${ids}-file`;
  return (
    <section
      ref={section}
      aria-labelledby="ajouter-document"
      className="scroll-mt-20 rounded-2xl border border-line bg-surface-raised p-5"
    >
      <h2 id="ajouter-document" className="text-lg font-bold">
        Ajouter un document
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Un nouvel envoi remplace le document du même type encore en attente ou refusé ; un document vérifié
        reste valable jusqu’à la vérification du nouveau.
      </p>
      <form
        ref={formElement}
        noValidate
        className="mt-4"
        onFocusCapture={resolver.preload}
        onSubmit={form.handleSubmit((values) => {
          const chosen = values.type as DriverDocumentType;
          const chosenRule = DOCUMENT_RULES[chosen];
          upload.mutate({
            file: values.file![0]!,
            fields: {
              type: chosen,
              number: chosenRule.hasNumber ? values.number.trim() : null,
              label: chosen === 'autre' ? values.label.trim() : null,
              issuedAt: values.issuedAt || null,
              expiresAt: values.expiresAt || null,
              categories: chosen === 'permis' ? values.categories : [],
              adrKinds: chosen === 'adr' ? values.adrKinds : [],
            },
          });
        })}
      >
        <FormFields className="space-y-5">
          <div className="space-y-1.5">
            <SelectField
              label="Type de document"
              placeholder="Choisissez le type"
              options={DRIVER_DOCUMENT_TYPES.map((value) => ({
                value,
                label: DRIVER_DOCUMENT_LABELS[value],
              }))}
              error={errors.type?.message}
              {...(type && !errors.type ? { 'aria-describedby': hintId } : {})}
              {...form.register('type', { onChange: () => form.clearErrors() })}
            />
            {type && !errors.type && (
              <p id={hintId} className="text-sm text-ink-muted">
                {DRIVER_DOCUMENT_HINTS[type]}
              </p>
            )}
          </div>
          {type === 'autre' && (
            <TextField
              label="Nom du document"
              maxLength={80}
              placeholder="Attestation de formation hayon…"
              error={errors.label?.message}
              {...form.register('label')}
            />
          )}
          {rule?.hasNumber && (
            <TextField
              label={type === 'identite' ? 'Numéro (facultatif)' : 'Numéro du document'}
              maxLength={40}
              autoComplete="off"
              error={errors.number?.message}
              {...form.register('number')}
            />
          )}
          {type && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Date de délivrance"
                type="date"
                error={errors.issuedAt?.message}
                hint={
                  rule?.defaultYears
                    ? `Sans date d’expiration, elle est calculée : ${rule.defaultYears} ans après.`
                    : undefined
                }
                {...form.register('issuedAt')}
              />
              <TextField
                label={rule?.expiryRequired ? 'Date d’expiration' : 'Date d’expiration (facultative)'}
                type="date"
                error={errors.expiresAt?.message}
                hint={
                  type === 'permis'
                    ? 'La fin de validité inscrite sur le permis.'
                    : rule?.defaultYears
                      ? 'Facultative si la date de délivrance est indiquée.'
                      : undefined
                }
                {...form.register('expiresAt')}
              />
            </div>
          )}
          {type === 'permis' && (
            <div className="space-y-1.5">
              <CheckboxGroup
                legend="Catégories du permis"
                options={LICENSE_CATEGORIES.map((value) => ({ value, label: value }))}
                registration={form.register('categories')}
              />
              <FieldError id={`${ids}-categories`} message={errors.categories?.message} />
            </div>
          )}
          {type === 'adr' && (
            <div className="space-y-1.5">
              <CheckboxGroup
                legend="Spécialisations ADR"
                columns
                options={ADR_SPECIALISATIONS.map((value) => ({ value, label: ADR_LABELS[value] }))}
                registration={form.register('adrKinds')}
              />
              <FieldError id={`${ids}-adr`} message={errors.adrKinds?.message} />
            </div>
          )}
          <div className="space-y-1.5">
            <label htmlFor={fileId} className="block text-sm font-semibold">
              Fichier
            </label>
            <input
              id={fileId}
              type="file"
              accept={ACCEPTED_FILES}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? `${fileId}-error` : `${fileId}-hint`}
              className="block w-full min-w-0 max-w-full rounded-lg border border-line bg-surface-raised p-2 text-sm text-ink file:mr-3 file:rounded-md file:border-0 file:bg-surface-sunken file:px-3 file:py-2 file:font-semibold file:text-ink aria-[invalid=true]:border-danger"
              {...form.register('file', { onChange: () => void form.trigger('file') })}
            />
            {errors.file ? (
              <FieldError id={`${fileId}-error`} message={errors.file.message} />
            ) : (
              <p id={`${fileId}-hint`} className="text-sm text-ink-muted">
                {file
                  ? `${file.name} · ${formatFileSize(file.size)}`
                  : 'PDF, JPEG, PNG ou WebP, 10 Mo au plus. Une photo nette du document entier suffit.'}
              </p>
            )}
          </div>
          <div className="space-y-2">
            <Button type="submit" size="lg" disabled={busy}>
              <Upload className="h-5 w-5" aria-hidden="true" />
              {busy ? (percent === null ? 'Envoi...' : `Envoi... ${percent} %`) : 'Envoyer le document'}
            </Button>
            {busy && (
              <progress
                className="block h-2 w-full max-w-sm accent-[var(--accent)]"
                max={100}
                value={percent ?? undefined}
                aria-label="Envoi du document"
              />
            )}
          </div>
        </FormFields>
      </form>
    </section>
  );
}
