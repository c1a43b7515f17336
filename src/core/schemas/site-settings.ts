import { z } from 'zod';
import { DEFAULT_CONTACT_EMAIL } from '../rules/admin.js';
import { isValidIban, normalizeIban } from '../rules/iban.js';
import { isValidFrenchVatNumber, isValidSiret, normalizeSiret } from '../rules/siret.js';
import { TARIFF_ERROR, TARIFF_KEYS, type Tariffs } from '../rules/tariffs.js';
import { daySchema } from './dates.js';
import { optionalText } from './text.js';

/**
 * The site settings the back office edits (decision 021, « Paramètres du site »): contact, support hours, the legal
 * notice's details and the maintenance message. All are public (GET /api/site-settings); the logos have routes of
 * their own (an image), the tariffs too (GET /api/tariffs).
 */
export const SITE_TEXT_SETTINGS = {
  supportHours: { label: 'Horaires du support', max: 120 },
  legalPublisherName: { label: 'Éditeur (raison sociale)', max: 200 },
  legalPublisherForm: { label: 'Forme juridique et capital', max: 200 },
  legalPublisherAddress: { label: 'Adresse du siège', max: 300 },
  legalPublisherRegistration: { label: 'SIRET et RCS', max: 200 },
  legalPublisherSiret: { label: 'SIRET (factures des formules)', max: 20 },
  legalPublisherVatNumber: { label: 'N° de TVA intracommunautaire', max: 20 },
  legalPublisherIban: { label: 'IBAN (virements des formules)', max: 60 },
  legalPublicationDirector: { label: 'Directeur de la publication', max: 200 },
  legalHostName: { label: 'Hébergeur', max: 200 },
  legalHostAddress: { label: 'Adresse de l’hébergeur', max: 300 },
  legalHostPhone: { label: 'Téléphone de l’hébergeur', max: 40 },
  maintenanceMessage: { label: 'Message de maintenance', max: 500 },
} as const;
export type SiteTextSetting = keyof typeof SITE_TEXT_SETTINGS;
const SITE_TEXT_KEYS = Object.keys(SITE_TEXT_SETTINGS) as SiteTextSetting[];
/** Every key the settings form writes. */
export const SITE_SETTING_KEYS = ['contactEmail', ...SITE_TEXT_KEYS] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

export { DEFAULT_CONTACT_EMAIL };

export const siteSettingsMessages = {
  contactEmail: 'Indiquez une adresse e-mail valide, par exemple contact@relais.fr',
  tooLong: (max: number) => `${max} caractères au plus`,
  nothing: 'Aucun réglage à enregistrer',
  logoKind: 'Choisissez une image PNG, JPEG ou WebP (le SVG n’est pas accepté)',
  logoTooLarge: 'Le logo ne doit pas dépasser 2 Mo',
  logoMissing: 'Aucun logo à retirer pour ce thème',
  logoNotFound: 'Logo introuvable',
  siret: 'SIRET invalide : 14 chiffres dont la clé de contrôle, par exemple 732 829 320 00074',
  vatNumber: 'Numéro de TVA intracommunautaire invalide (ex. FR12345678901)',
  iban: 'IBAN invalide : vérifiez les caractères et la clé, par exemple FR76 3000 6000 0112 3456 7890 189',
} as const;

/**
 * The publisher's identifiers Relais's own invoices carry (decision 043), normalised and checked: SIRET (Luhn), VAT
 * number (its key from the SIREN), IBAN (ISO 13616).
 */
const IDENTIFIERS: Partial<
  Record<
    SiteTextSetting,
    { normalize: (value: string) => string; valid: (value: string) => boolean; message: string }
  >
> = {
  legalPublisherSiret: {
    normalize: normalizeSiret,
    valid: isValidSiret,
    message: siteSettingsMessages.siret,
  },
  legalPublisherVatNumber: {
    normalize: (value) => value.replace(/\s/g, '').toUpperCase(),
    valid: isValidFrenchVatNumber,
    message: siteSettingsMessages.vatNumber,
  },
  legalPublisherIban: { normalize: normalizeIban, valid: isValidIban, message: siteSettingsMessages.iban },
};

const textField = (key: SiteTextSetting) => {
  const { max } = SITE_TEXT_SETTINGS[key];
  const text = optionalText({
    max,
    tooLong: siteSettingsMessages.tooLong(max),
    // The addresses are written on several lines (the back office's fields are text areas).
    multiline: key === 'maintenanceMessage' || key === 'legalPublisherAddress' || key === 'legalHostAddress',
  });
  const identifier = IDENTIFIERS[key];
  if (!identifier) return text;
  return text.transform((value, ctx) => {
    if (value === undefined || value === null) return value;
    const normalized = identifier.normalize(value);
    if (identifier.valid(normalized)) return normalized;
    ctx.addIssue({ code: 'custom', message: identifier.message });
    return z.NEVER;
  });
};

/**
 * PUT /api/admin/site-settings: the keys sent are changed, the others kept; a text left empty is removed (the
 * public pages then say what they say without it). The contact address cannot be removed.
 */
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;
export const siteSettingsUpdateSchema = z
  .object({
    contactEmail: z
      .string({ error: siteSettingsMessages.contactEmail })
      .trim()
      .toLowerCase()
      .max(254, siteSettingsMessages.contactEmail)
      .email(siteSettingsMessages.contactEmail)
      .optional(),
    ...(Object.fromEntries(SITE_TEXT_KEYS.map((key) => [key, textField(key)])) as Record<
      SiteTextSetting,
      ReturnType<typeof textField>
    >),
  })
  .strict();

/** What the back office reads: every setting (null when not set) and the logos. */
export const adminSiteSettingsSchema = z.object({
  settings: z.record(z.string(), z.string().nullable()),
  updatedAt: z.string().nullable(),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;

export const LOGO_THEMES = ['light', 'dark'] as const;
export type LogoTheme = (typeof LOGO_THEMES)[number];
export const LOGO_SETTING: Record<LogoTheme, 'logoLightUrl' | 'logoDarkUrl'> = {
  light: 'logoLightUrl',
  dark: 'logoDarkUrl',
};
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const logoThemeParams = z.object({
  theme: z.enum(LOGO_THEMES, { error: 'Thème inconnu : light ou dark' }),
});

/** The seven tariffs (docs/specification.md §3, §9): each a number of at least 0, else 'Le tarif doit être positif'. */
const tariff = z
  .number({ error: TARIFF_ERROR })
  .refine((value) => Number.isFinite(value) && value >= 0, TARIFF_ERROR)
  .refine((value) => value <= 100_000, 'Le tarif ne doit pas dépasser 100 000 €')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Deux décimales au plus');
export const tariffsSchema = z.object(
  Object.fromEntries(TARIFF_KEYS.map((key) => [key, tariff])) as Record<keyof Tariffs, typeof tariff>,
);

/** GET /api/admin/logs. */
export const adminLogsQuerySchema = z.object({
  adminId: z.uuid({ error: 'Administrateur inconnu' }).optional(),
  /** An exact action (`plan.granted`), or every action of a family with a trailing `*` (`plan.*`). */
  action: z
    .string({ error: 'Action invalide' })
    .regex(/^[a-z0-9_.]{1,80}\*?$/, 'Action invalide')
    .optional(),
  targetType: z
    .string({ error: 'Type de cible invalide' })
    .regex(/^[a-z0-9_]{1,40}$/, 'Type de cible invalide')
    .optional(),
  targetId: z.string({ error: 'Cible invalide' }).trim().min(1).max(100, 'Cible invalide').optional(),
  from: daySchema('Date de début invalide (AAAA-MM-JJ)').optional(),
  to: daySchema('Date de fin invalide (AAAA-MM-JJ)').optional(),
  page: z.coerce
    .number({ error: 'Page invalide' })
    .int('Page invalide')
    .min(1, 'Page invalide')
    .max(10_000)
    .default(1),
  pageSize: z.coerce.number({ error: 'Taille de page invalide' }).int().min(1).max(100).default(50),
});
export type AdminLogsQuery = z.infer<typeof adminLogsQuerySchema>;

const adminLogSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  adminId: z.string().nullable(),
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
});
export type AdminLog = z.infer<typeof adminLogSchema>;
export const adminLogPageSchema = z.object({
  entries: z.array(adminLogSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminLogPage = z.infer<typeof adminLogPageSchema>;
export const adminLogFacetsSchema = z.object({
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
  admins: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
});
export type AdminLogFacets = z.infer<typeof adminLogFacetsSchema>;
