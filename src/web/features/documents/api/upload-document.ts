import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DocumentView } from '#core/schemas/documents.js';
import { ApiError } from '#web/lib/api.js';
import { PAPER_DEPENDENT_KEYS } from './keys.js';

/** What accompanies the file (the text fields of the form of POST /api/documents). */
export interface DocumentFields {
  type: string;
  number?: string | null;
  label?: string | null;
  issuedAt?: string | null;
  expiresAt?: string | null;
  categories?: string[];
  adrKinds?: string[];
}

/**
 * POST /api/documents: the details and the file as a form. XMLHttpRequest rather than fetch: it reports the
 * upload's progress (a 10 MB photo over a weak mobile network takes a while). Resolves with the saved document;
 * rejects with an ApiError holding the server's `{ message, errors }`.
 */
function sendDocument(
  fields: DocumentFields,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<DocumentView> {
  const form = new FormData();
  const text: Record<string, string | null | undefined> = {
    type: fields.type,
    number: fields.number,
    label: fields.label,
    issuedAt: fields.issuedAt,
    expiresAt: fields.expiresAt,
    categories: fields.categories?.length ? fields.categories.join(',') : undefined,
    adrKinds: fields.adrKinds?.length ? fields.adrKinds.join(',') : undefined,
  };
  for (const [name, value] of Object.entries(text)) if (value) form.append(name, value);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/documents');
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = request.responseText;
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as DocumentView);
      const message = (body as { message?: unknown } | null)?.message;
      reject(
        new ApiError(
          request.status,
          typeof message === 'string' && message ? message : request.statusText || `Erreur ${request.status}`,
          body,
        ),
      );
    };
    request.onerror = () =>
      reject(new ApiError(0, 'Envoi interrompu : vérifiez votre connexion et réessayez.', null));
    request.onabort = () => reject(new ApiError(0, 'Envoi annulé.', null));
    request.send(form);
  });
}

/** The upload, its progress (0 to 1, null when idle) and the refresh of everything that judges the papers. */
export function useUploadDocument(
  options: { onSuccess?: (document: DocumentView) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ fields, file }: { fields: DocumentFields; file: File }) => {
      setProgress(0);
      return sendDocument(fields, file, setProgress);
    },
    onSuccess: async (document) => {
      await Promise.all(PAPER_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      options.onSuccess?.(document);
    },
    onError: options.onError,
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
