import { z } from 'zod';
import { requiredText } from './text.js';

/** The mission's engagement document (decision 017): a contract proposal or a transport order, signed by both. */
export const engagementMessages = {
  typedName: 'Tapez votre nom complet pour signer',
  typedNameTooLong: 'Le nom ne doit pas dépasser 120 caractères',
  nameMismatch: (name: string) => `Tapez votre nom tel qu’il figure sur votre compte : ${name}`,
  consent: 'Cochez la case pour donner votre accord',
  waiveReason: 'Indiquez pourquoi vous démarrez sans signatures (10 caractères au moins)',
  notSigned:
    'Le document d’engagement doit être signé par les deux parties (ou la signature levée par le transporteur) avant de démarrer.',
} as const;

export const ENGAGEMENT_CONSENT =
  'J’ai lu ce document et je l’accepte ; je reconnais que ma signature électronique m’engage comme une signature manuscrite.';

export const signSchema = z.object({
  typedName: requiredText(engagementMessages.typedName, {
    min: 2,
    max: 120,
    tooLong: engagementMessages.typedNameTooLong,
  }),
  consent: z.literal(true, { error: engagementMessages.consent }),
});

export const waiveSchema = z.object({
  reason: requiredText(engagementMessages.waiveReason, {
    min: 10,
    max: 500,
    tooLong: 'La raison ne doit pas dépasser 500 caractères',
    multiline: true,
  }),
});

const engagementSignatureSchema = z.object({
  role: z.enum(['transporter', 'driver']),
  name: z.string(),
  signedAt: z.string(),
});

export const engagementSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['employment', 'independent']),
  title: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  signatures: z.array(engagementSignatureSchema),
  fullySigned: z.boolean(),
  signedAt: z.string().nullable(),
  waivedAt: z.string().nullable(),
  /** The viewer's side, and whether they still have to sign. */
  myRole: z.enum(['transporter', 'driver', 'admin']),
  canSign: z.boolean(),
  canWaive: z.boolean(),
  fileUrl: z.string(),
  /** Once signed: the original, byte for byte, whose SHA-256 the signature page prints (null before). */
  originalUrl: z.string().nullable(),
  consentText: z.string(),
});
export type Engagement = z.infer<typeof engagementSchema>;
