import { z } from 'zod';
import { DEMO_ROLES } from '../rules/demo.js';

// The constants and texts live in a zod-free module the screens import (core/rules/demo.ts); the API reads them here.
export { DEMO_IDLE_HOURS, demoMessages, type DemoRole } from '../rules/demo.js';

export const demoLoginSchema = z.object({
  role: z.enum(DEMO_ROLES, { error: 'Choisissez chauffeur ou transporteur' }),
});
