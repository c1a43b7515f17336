import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { documentAccessListSchema } from '#core/schemas/documents.js';
import { documentKeys } from './keys.js';

export type DocumentAccessList = z.infer<typeof documentAccessListSchema>;

/** GET /api/documents/accesses: who opened my documents, newest first. */
export const useDocumentAccesses = (enabled = true) =>
  useQuery<DocumentAccessList>({ queryKey: documentKeys.accesses, enabled });
