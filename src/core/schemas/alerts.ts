import { z } from 'zod';

export const ALERT_FILTERS = ['non-lues', 'missions', 'messages', 'documents'] as const;

export const alertSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  missionId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
