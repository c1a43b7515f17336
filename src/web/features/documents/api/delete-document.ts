import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.js';
import { PAPER_DEPENDENT_KEYS } from './keys.js';

/** DELETE /api/documents/:id (204); everything that judges my papers is read again. */
export function useDeleteDocument(
  options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/documents/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      await Promise.all(PAPER_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
