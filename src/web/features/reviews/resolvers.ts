import { zodResolver } from '@hookform/resolvers/zod';
import type { SubScore } from '#core/rules/reviews.js';
import { reviewFormSchema } from '#core/schemas/reviews.js';

/** The server's own rules, in the browser: the same French messages under the same stars. */
export const reviewResolver = (applicable: readonly SubScore[]) => zodResolver(reviewFormSchema(applicable));
