import { zodResolver } from '@hookform/resolvers/zod';
import { reauthSchema, secondFactorCodeSchema } from '#core/schemas/admin.js';
import { adminBugReportUpdateSchema } from '#core/schemas/bug-reports.js';
import { interviewSchema, rejectSchema } from '#core/schemas/documents.js';
import { siteSettingsUpdateSchema } from '#core/schemas/site-settings.js';

/** The API's own schemas validate the back-office forms (loaded on demand through lazyResolver). */
export const reasonResolver = zodResolver(rejectSchema);
export const interviewResolver = zodResolver(interviewSchema);
export const reauthResolver = zodResolver(reauthSchema);
/** The site's settings, checked as the server checks them; the form sends what was typed (the server trims). */
export const siteSettingsResolver = zodResolver(siteSettingsUpdateSchema, undefined, { raw: true });
export const secondFactorCodeResolver = zodResolver(secondFactorCodeSchema);
/** A bug report's handling, checked as the server checks it; the form sends only what changed, as typed. */
export const bugHandlingResolver = zodResolver(adminBugReportUpdateSchema, undefined, { raw: true });
