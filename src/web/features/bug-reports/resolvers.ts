import { zodResolver } from '@hookform/resolvers/zod';
import { bugReportInputSchema } from '#core/schemas/bug-reports.js';

/** The server's own schema, in the browser: the same French messages under the same fields. */
export const bugReportResolver = zodResolver(bugReportInputSchema);
