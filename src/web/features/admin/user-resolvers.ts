import { zodResolver } from '@hookform/resolvers/zod';
import { deactivateUserSchema, reactivateUserSchema } from '#core/schemas/admin-users.js';

/** The API's own schemas validate the account dialogs (loaded on demand through lazyResolver). */
export const deactivateResolver = zodResolver(deactivateUserSchema);
export const reactivateResolver = zodResolver(reactivateUserSchema);
