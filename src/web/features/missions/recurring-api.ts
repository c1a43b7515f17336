import { useQuery } from '@tanstack/react-query';
import type { MissionTemplate } from '#core/schemas/recurrence.js';
import { apiRequest } from '#web/lib/api.js';

/** Recurring missions (decision 056): read again after every change to missions (useMissionMutation). */
export const TEMPLATES_KEY = ['/api/mission-templates'] as const;

export const useMissionTemplates = () => useQuery<MissionTemplate[]>({ queryKey: TEMPLATES_KEY });

export const templateApi = {
  create: (body: unknown) => apiRequest<MissionTemplate>('POST', '/api/mission-templates', body),
  update: (id: string, body: unknown) =>
    apiRequest<MissionTemplate>('PUT', `/api/mission-templates/${id}`, body),
  stop: (id: string) => apiRequest<MissionTemplate>('POST', `/api/mission-templates/${id}/stop`, {}),
};
