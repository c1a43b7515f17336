import { z } from 'zod';
import { EVENT_TYPE_PATTERN, MAX_EVENTS_PER_BEACON } from '../rules/site-analytics.js';
import { daySchema } from './dates.js';

/** Site analytics (decision 020): what the tracker's beacon carries, what the back office reads. */
export const siteAnalyticsMessages = {
  tooManyEvents: `${MAX_EVENTS_PER_BEACON} événements au plus par envoi`,
  noEvent: 'Aucun événement à enregistrer',
  badId: 'Identifiant de mesure invalide',
  badType: 'Type d’événement invalide',
  badPath: 'Adresse de page invalide',
  tooLong: 'Texte trop long',
  badTime: 'Heure de l’événement invalide',
  badConsent: 'Choix de consentement invalide',
  badPeriod: 'Période invalide',
  periodTooLong: 'La période ne peut dépasser 366 jours',
  periodReversed: 'La date de début doit précéder la date de fin',
} as const;

const m = siteAnalyticsMessages;
/** The browser's random ids (crypto.randomUUID, or any 16 to 64 URL-safe characters). */
const clientId = z.string({ error: m.badId }).regex(/^[A-Za-z0-9_-]{16,64}$/, m.badId);
const shortText = (max: number) => z.string({ error: m.tooLong }).max(max, m.tooLong);

const beaconEventSchema = z.object({
  /** 'page_view', or the name of an event ('sign_up', …). */
  type: z.string({ error: m.badType }).regex(EVENT_TYPE_PATTERN, m.badType),
  /** location.pathname (a query string or fragment is dropped on arrival). */
  path: z.string({ error: m.badPath }).min(1, m.badPath).max(300, m.badPath).startsWith('/', m.badPath),
  title: shortText(120).optional(),
  category: shortText(40).optional(),
  label: shortText(100).optional(),
  /** When it happened, by the browser's clock (kept within the last 15 minutes of the server's). */
  at: z.iso.datetime({ offset: true, error: m.badTime }),
});

export const beaconSchema = z.object({
  /** The visitor's choice in the cookie banner; DNT / GPC headers override a true. */
  consent: z.boolean({ error: m.badConsent }),
  /** Only read with consent; ignored (never stored) without. */
  visitorId: clientId.optional(),
  sessionId: clientId.optional(),
  /** document.referrer, on the session's first beacon; only its site is kept, with consent. */
  referrer: shortText(500).optional(),
  events: z
    .array(beaconEventSchema, { error: m.noEvent })
    .min(1, m.noEvent)
    .max(MAX_EVENTS_PER_BEACON, m.tooManyEvents),
});
export type Beacon = z.infer<typeof beaconSchema>;

/** From / to, Paris days, both included; the last 30 days by default, a year at most. */
export const periodQuerySchema = z
  .object({
    from: daySchema(m.badPeriod).optional(),
    to: daySchema(m.badPeriod).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: m.periodReversed, path: ['from'] });

export const eventsQuerySchema = z
  .object({
    from: daySchema(m.badPeriod).optional(),
    to: daySchema(m.badPeriod).optional(),
    type: z.string({ error: m.badType }).regex(EVENT_TYPE_PATTERN, m.badType).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: m.periodReversed, path: ['from'] });

const count = z.number().int().min(0);

export const overviewSchema = z.object({
  from: z.string().describe('Premier jour de la période (Europe/Paris), inclus'),
  to: z.string().describe('Dernier jour de la période (Europe/Paris), inclus'),
  totals: z.object({
    pageViews: count.describe(
      'Pages vues, tous visiteurs (mesure anonyme sans consentement + pages vues avec consentement)',
    ),
    visits: count.describe('Pages vues des visiteurs ayant consenti (une ligne analytics_visits chacune)'),
    uniqueVisitors: count.describe(
      'Visiteurs distincts ayant consenti (identifiant aléatoire du navigateur)',
    ),
    sessions: count.describe('Sessions ouvertes sur la période, avec consentement'),
    averageSessionSeconds: z.number().min(0).describe('Durée moyenne de ces sessions, en secondes'),
    pagesPerSession: z.number().min(0).describe('Pages vues par session, en moyenne'),
  }),
  registrations: z
    .object({
      total: count,
      drivers: count,
      transporters: count,
    })
    .describe('Comptes créés sur la période (users.created_at), avec ou sans consentement à la mesure'),
  conversion: z
    .object({
      visitors: count,
      converted: count,
      rate: z.number().min(0).max(1),
    })
    .describe(
      'Conversion visite → inscription : parmi les visiteurs ayant consenti vus sur la période (visitors), ceux ' +
        'dont les visites ont été suivies d’une inscription (converted : la page d’inscription a envoyé ' +
        '« sign_up » depuis un compte créé dans l’heure). rate = converted / visitors, 0 sans visiteur.',
    ),
  daily: z
    .array(
      z.object({
        day: z.string(),
        pageViews: count,
        visits: count,
        sessions: count,
        registrations: count,
      }),
    )
    .describe('Chaque jour de la période, même vide'),
  topPages: z.array(z.object({ page: z.string(), views: count })).describe('Les 10 pages les plus vues'),
  topReferrers: z
    .array(z.object({ referrer: z.string(), sessions: count }))
    .describe('Les 10 sites d’où arrivent le plus de sessions (avec consentement)'),
  devices: z
    .array(z.object({ deviceType: z.string(), views: count }))
    .describe('Pages vues par type d’appareil (tous visiteurs)'),
});
export type Overview = z.infer<typeof overviewSchema>;

export const eventsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  counts: z
    .array(
      z.object({
        type: z.string(),
        category: z.string().nullable(),
        label: z.string().nullable(),
        count,
      }),
    )
    .describe(
      'Événements (hors pages vues) par type, catégorie et libellé, les plus fréquents d’abord (50 au plus)',
    ),
  recent: z
    .array(
      z.object({
        at: z.string(),
        type: z.string(),
        category: z.string().nullable(),
        label: z.string().nullable(),
        page: z.string().nullable(),
        signedIn: z.boolean(),
      }),
    )
    .describe('Les 50 derniers événements de la période'),
});
export type EventsReport = z.infer<typeof eventsReportSchema>;

export const ingestStatsSchema = z
  .object({
    pending: count,
    accepted: count,
    dropped: count,
    failed: count,
    flushes: count,
    rowsWritten: count,
    lastFlushMs: z.number().min(0),
    maxFlushMs: z.number().min(0),
    averageFlushMs: z.number().min(0),
  })
  .describe(
    'La file d’écriture de cette instance depuis son démarrage : en attente, acceptés, perdus (file pleine), ' +
      'perdus à l’écriture, vidages et lignes écrites, durée des vidages.',
  );
export type IngestStats = z.infer<typeof ingestStatsSchema>;
