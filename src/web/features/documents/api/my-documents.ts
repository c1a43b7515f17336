import { useQuery } from '@tanstack/react-query';
import type { MyDocuments } from '#core/schemas/documents.js';
import { documentKeys } from './keys.js';

/** GET /api/documents: my papers, what my profile needs, and where Relais's validation stands. */
export const useMyDocuments = (enabled = true) =>
  useQuery<MyDocuments>({ queryKey: documentKeys.mine, enabled });
