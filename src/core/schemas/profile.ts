import { z } from 'zod';
import { LICENSE_TYPES } from '../rules/enums.js';
import { memberBadgeSchema } from './badges.js';
import { VEHICLE_TYPES } from '../rules/missions.js';
import {
  authMessages,
  certificationsSchema,
  licenseNumberSchema,
  personName,
  phoneSchema,
  siretSchema,
  yearsExperienceSchema,
} from './auth.js';
import { optionalText, uniqueList } from './text.js';
import { transportRegisterSchema } from './transport-terms.js';

/** Editing one's own profile (/profile). Fields of the other role are refused by the server. */
export const profileUpdateSchema = z.object({
  fullName: personName(authMessages.fullNameDriver),
  phone: phoneSchema,
  /** City (or address) the driver works from: "around me" searches start there. */
  currentLocation: optionalText({ max: 120, tooLong: 'La ville ne doit pas dépasser 120 caractères' }),
  currentLat: z
    .number({ error: 'Coordonnées invalides' })
    .min(-90, 'Coordonnées invalides')
    .max(90, 'Coordonnées invalides')
    .nullable()
    .optional(),
  currentLng: z
    .number({ error: 'Coordonnées invalides' })
    .min(-180, 'Coordonnées invalides')
    .max(180, 'Coordonnées invalides')
    .nullable()
    .optional(),
  licenseType: z.enum(LICENSE_TYPES, { error: authMessages.licenseTypeUnknown }).optional(),
  licenseNumber: licenseNumberSchema.optional(),
  yearsExperience: yearsExperienceSchema.optional(),
  vehicleTypes: uniqueList(
    z.enum(VEHICLE_TYPES, { error: 'Type de véhicule inconnu' }),
    VEHICLE_TYPES.length,
    'Trop de types de véhicule',
  ).optional(),
  certifications: certificationsSchema.optional(),
  /** An independent carrier's register number, printed on their transport orders (decision 042). */
  transportRegisterNumber: transportRegisterSchema.optional(),
  companyName: personName(authMessages.companyName).optional(),
  siretNumber: siretSchema.optional(),
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
  /** Badges (drivers only; none for a transporter), each with what it means in core/rules/badges.ts. */
  badges: z.array(memberBadgeSchema),
  completedMissions: z.number(),
  publishedMissions: z.number(),
  memberSince: z.string(),
  currentLocation: z.string().nullable(),
  /** Only for a signed-in user who works with this member now (core/rules/relations.ts). */
  phone: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
