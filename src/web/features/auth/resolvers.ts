import { zodResolver } from '@hookform/resolvers/zod';
import { companyRegistrationSchema, driverRegistrationSchema, loginSchema } from '#core/schemas/auth.js';

/** The shared §5 schemas as form resolvers; loaded on demand through lazyResolver. */
export const loginResolver = zodResolver(loginSchema);
export const driverResolver = zodResolver(driverRegistrationSchema);
export const companyResolver = zodResolver(companyRegistrationSchema);
