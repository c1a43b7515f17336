import { z } from 'zod';
import { BADGE_TYPES } from '../rules/enums.js';
import { requiredText } from './text.js';

/** Badges (decision 019): a member's badges as anyone may see them, a driver's own progress, an admin's award. */

const badgeTypeSchema = z.enum(BADGE_TYPES, { error: 'Badge inconnu' });

/** One badge a member holds. The admin's reason stays in the back office (admin log). */
export const memberBadgeSchema = z.object({
  type: badgeTypeSchema,
  earnedAt: z.string(),
  /** Given by the Relais team (eco_driver), not computed from the driver's missions. */
  awarded: z.boolean(),
  /** Why the Relais team gave it: for the driver themself and administrators only. */
  reason: z.string().nullable().optional(),
});
export type MemberBadge = z.infer<typeof memberBadgeSchema>;

/** GET /api/users/{id}/badges: who may see it is who may see the profile. Badges are for drivers. */
export const memberBadgesSchema = z.object({
  role: z.enum(['driver', 'transporter']),
  badges: z.array(memberBadgeSchema),
});
export type MemberBadges = z.infer<typeof memberBadgesSchema>;

const count = z.number().int().nonnegative();
/** What the server measured for the driver (core/rules/badges.ts DriverBadgeFigures). */
const driverBadgeFiguresSchema = z.object({
  reliable: z.object({ started: count, onTime: count }),
  expert: z.object({ completed: count }),
  top_rated: z.object({ reviews: count, ratingSum: count }),
  fast_responder: z.object({ conversations: count, answeredInTime: count }),
  safety_champion: z.object({ completed: count, incidents: count }),
});

/** GET /api/badges/mine: the driver's badges and their figures, measured now, to show the way to each. */
export const myBadgesSchema = z.object({
  badges: z.array(memberBadgeSchema),
  figures: driverBadgeFiguresSchema,
});
export type MyBadges = z.infer<typeof myBadgesSchema>;

const badgeMessages = {
  reason: 'Indiquez la raison (5 caractères au moins)',
  reasonTooLong: 'La raison ne doit pas dépasser 500 caractères',
} as const;

/** An administrator gives or takes back the eco_driver badge, always with a reason (kept in the admin log). */
export const badgeAwardSchema = z.object({
  reason: requiredText(badgeMessages.reason, {
    min: 5,
    max: 500,
    tooLong: badgeMessages.reasonTooLong,
    multiline: true,
  }),
});
