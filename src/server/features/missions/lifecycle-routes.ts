import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MISSION_ACTION_NAMES } from '#core/rules/missions.js';
import { actionAtSchema } from '#core/schemas/action-time.js';
import { missionDetailSchema, reasonSchema } from '#core/schemas/missions.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { requireRole } from '../../platform/sessions.js';
import { actOnMission } from './lifecycle.js';
import { idParams } from './route-params.js';

/** Moving a mission along its lifecycle: start, deliver, complete, cancel, drop. */
export function lifecycleRoutes(root: FastifyInstance, deps: FeatureDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;

  app.post(
    '/api/missions/:id/:action',
    {
      schema: {
        tags: ['missions'],
        summary: 'Faire avancer une mission : start, deliver, complete, cancel, drop',
        params: idParams.extend({ action: z.enum(MISSION_ACTION_NAMES, { error: 'Action inconnue' }) }),
        // `at`: when a start done without network took place (decision 055).
        body: reasonSchema.partial().extend({ at: actionAtSchema }).nullish(),
        response: { 200: missionDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, 'driver', 'transporter');
      const { action, id } = request.params;
      const needsReason = action === 'cancel' || action === 'drop';
      let reason: string | null = null;
      if (needsReason) {
        const parsed = reasonSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'Indiquez la raison';
          throw new AppError(400, message, { reason: message });
        }
        reason = parsed.data.reason;
      }
      return actOnMission(db, events, user, id, action, reason, request.body?.at);
    },
  );
}
