import { zodResolver } from '@hookform/resolvers/zod';
import { missionInputSchema } from '#core/schemas/missions.js';

/** The API's own schema validates the form (loaded on demand through lazyResolver). */
export const missionResolver = zodResolver(missionInputSchema);
