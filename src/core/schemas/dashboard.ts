import { z } from 'zod';

/** GET /api/dashboard/stats. Counts are named per role (see server/features/dashboard). */
export const dashboardStatsSchema = z.object({
  role: z.enum(['driver', 'transporter']),
  counts: z.record(z.string(), z.number()),
  earningsThisMonth: z.string().nullable(),
  /** The first step of the role done once (a driver applied, a transporter published): "Pour bien démarrer". */
  firstStepDone: z.boolean(),
  recent: z.array(
    z.object({
      id: z.string(),
      missionId: z.string(),
      missionTitle: z.string(),
      type: z.string(),
      status: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
