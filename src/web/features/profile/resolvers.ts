import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema } from '#core/schemas/profile.js';

export const profileResolver = zodResolver(profileUpdateSchema);
