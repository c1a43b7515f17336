import { z } from 'zod';
import { LICENSE_TYPES } from '../rules/enums.js';
import { VEHICLE_TYPES } from '../rules/missions.js';
import { normalizePhone } from '../rules/phone.js';
import { isValidSiret, normalizeSiret } from '../rules/siret.js';
import { authMessages } from './auth.js';

/** Editing one's own profile (/profile). Fields of the other role are refused by the server. */
export const profileUpdateSchema = z.object({
  fullName: z
    .string({ error: authMessages.fullNameDriver })
    .trim()
    .min(2, authMessages.fullNameDriver)
    .max(120),
  phone: z
    .string({ error: authMessages.phone })
    .trim()
    .max(25, authMessages.phone)
    .transform((value, ctx) => {
      const normalized = normalizePhone(value);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: authMessages.phone });
        return z.NEVER;
      }
      return normalized;
    }),
  /** City (or address) the driver works from: "around me" searches start there. */
  currentLocation: z.string().trim().max(120).nullable().optional(),
  currentLat: z.number().min(-90).max(90).nullable().optional(),
  currentLng: z.number().min(-180).max(180).nullable().optional(),
  licenseType: z.enum(LICENSE_TYPES, { error: authMessages.licenseTypeUnknown }).optional(),
  licenseNumber: z.string().trim().min(1, authMessages.licenseNumber).max(40).optional(),
  yearsExperience: z.coerce
    .number({ error: authMessages.yearsExperience })
    .int(authMessages.yearsExperience)
    .min(0, authMessages.yearsExperience)
    .max(60, authMessages.yearsExperience)
    .optional(),
  vehicleTypes: z
    .array(z.enum(VEHICLE_TYPES, { error: 'Type de véhicule inconnu' }))
    .max(VEHICLE_TYPES.length)
    .optional(),
  certifications: z.array(z.string().trim().min(1).max(80)).max(20).optional(),
  companyName: z
    .string({ error: authMessages.companyName })
    .trim()
    .min(2, authMessages.companyName)
    .max(120)
    .optional(),
  siretNumber: z
    .string({ error: authMessages.siret })
    .trim()
    .transform(normalizeSiret)
    .refine((value) => /^\d{14}$/.test(value), authMessages.siret)
    .refine(isValidSiret, authMessages.siretChecksum)
    .optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type ProfileFormValues = z.input<typeof profileUpdateSchema>;

/** What anyone may see of a member (/profile/{id}); contact only for people who work together. */
export const publicProfileSchema = z.object({
  id: z.string(),
  role: z.enum(['driver', 'transporter']),
  fullName: z.string(),
  avatar: z.string().nullable(),
  companyName: z.string().nullable(),
  licenseType: z.string().nullable(),
  yearsExperience: z.number(),
  vehicleTypes: z.array(z.string()),
  certifications: z.array(z.string()),
  documentsVerified: z.boolean(),
  reputationScore: z.string(),
  completedMissions: z.number(),
  publishedMissions: z.number(),
  memberSince: z.string(),
  currentLocation: z.string().nullable(),
  /** Only for a signed-in user who shares a mission or an application with this member. */
  phone: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
