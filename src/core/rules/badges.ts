/**
 * Badges (SPEC.md §3, issue 15): what each one means, as profiles and applicant cards say it.
 * The rules that award them are in this file too (pure functions over figures the server measures).
 */
import type { BADGE_TYPES } from './enums.js';

export type BadgeType = (typeof BADGE_TYPES)[number];

export const BADGE_LABELS: Record<BadgeType, string> = {
  reliable: 'Fiable',
  expert: 'Expert',
  top_rated: 'Très bien noté',
  fast_responder: 'Répond vite',
  safety_champion: 'Champion de la sécurité',
  eco_driver: 'Éco-conduite',
};
