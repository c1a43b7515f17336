import { z } from 'zod';
import { LICENSE_TYPES } from '../rules/enums.js';
import { VEHICLE_TYPES } from '../rules/missions.js';
import {
  authMessages,
  certificationsSchema,
  personName,
  phoneSchema,
  siretSchema,
  yearsExperienceSchema,
} from './auth.js';

/** Editing one's own profile (/profile). Fields of the other role are refused by the server. */
export const profileUpdateSchema = z.object({
  fullName: personName(authMessages.fullNameDriver),
  phone: phoneSchema,
  /** City (or address) the driver works from: "around me" searches start there. */
  currentLocation: z.string().trim().max(120).nullable().optional(),
  currentLat: z.number().min(-90).max(90).nullable().optional(),
  currentLng: z.number().min(-180).max(180).nullable().optional(),
  licenseType: z.enum(LICENSE_TYPES, { error: authMessages.licenseTypeUnknown }).optional(),
  licenseNumber: z.string().trim().min(1, authMessages.licenseNumber).max(40).optional(),
  yearsExperience: yearsExperienceSchema.optional(),
  vehicleTypes: z
    .array(z.enum(VEHICLE_TYPES, { error: 'Type de véhicule inconnu' }))
    .max(VEHICLE_TYPES.length)
    .optional(),
  certifications: certificationsSchema.optional(),
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
  completedMissions: z.number(),
  publishedMissions: z.number(),
  memberSince: z.string(),
  currentLocation: z.string().nullable(),
  /** Only for a signed-in user who shares a mission or an application with this member. */
  phone: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
