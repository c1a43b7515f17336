import { zodResolver } from '@hookform/resolvers/zod';
import { interviewSchema, rejectSchema } from '#core/schemas/documents.js';

/** The API's own schemas validate the back-office forms (loaded on demand through lazyResolver). */
export const reasonResolver = zodResolver(rejectSchema);
export const interviewResolver = zodResolver(interviewSchema);
