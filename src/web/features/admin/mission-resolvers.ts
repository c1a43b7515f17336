import { zodResolver } from '@hookform/resolvers/zod';
import { adminCancelMissionSchema } from '#core/schemas/admin-missions.js';

/** The API's own schema validates the cancellation form (loaded on demand through lazyResolver). */
export const cancelMissionResolver = zodResolver(adminCancelMissionSchema);
