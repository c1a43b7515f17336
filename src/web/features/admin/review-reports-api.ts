import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewReports } from '#core/schemas/reviews.js';
import { apiRequest } from '#web/lib/api.js';

const reviewReportsKey = ['/api/admin/review-reports'] as const;

/** Reported reviews, open ones first (the page and the menu's counter share this answer). */
export function useReviewReports() {
  return useQuery<AdminReviewReports>({ queryKey: reviewReportsKey });
}

export function useReviewReportDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'dismiss' | 'remove'; reason: string }) =>
      apiRequest('POST', `/api/admin/review-reports/${id}`, { decision, reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewReportsKey }),
  });
}
