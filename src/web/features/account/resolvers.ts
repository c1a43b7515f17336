import { zodResolver } from '@hookform/resolvers/zod';
import {
  changeEmailSchema,
  changePasswordFormSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetPasswordFormSchema,
} from '#core/schemas/account.js';

/** The API's own schemas validate the account forms (loaded on demand through lazyResolver). */
export const forgotResolver = zodResolver(forgotPasswordSchema);
export const resetResolver = zodResolver(resetPasswordFormSchema);
export const changePasswordResolver = zodResolver(changePasswordFormSchema);
export const changeEmailResolver = zodResolver(changeEmailSchema);
export const deleteAccountResolver = zodResolver(deleteAccountSchema);
