import { z } from 'zod';

/** What the API says of a user to that user: never the password, hashes or tokens. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  userType: z.enum(['driver', 'company', 'admin']),
  role: z.enum(['driver', 'transporter', 'admin']),
  fullName: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  emailVerified: z.boolean(),
  licenseNumber: z.string().nullable(),
  licenseType: z.string().nullable(),
  yearsExperience: z.number(),
  certifications: z.array(z.string()),
  vehicleTypes: z.array(z.string()),
  availableFrom: z.string().nullable(),
  currentLocation: z.string().nullable(),
  documentsVerified: z.boolean(),
  companyName: z.string().nullable(),
  siretNumber: z.string().nullable(),
  /** A driver's number in the register of road transport companies (independent carriers; decision 042). */
  transportRegisterNumber: z.string().nullable(),
  subscriptionPlan: z.string(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  isDemo: z.boolean(),
  accountStatus: z.string(),
  lastLogin: z.string().nullable(),
  reputationScore: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const messageSchema = z.object({ message: z.string() });

/** The `code` of a refusal that a confirmed e-mail address would lift (the screens offer to resend the link). */
export const EMAIL_NOT_VERIFIED = 'email_not_verified';

const openTheLink = 'ouvrez le lien reçu par e-mail ou demandez-en un nouveau.';
/** What a confirmed e-mail address is needed for (decision 012): said on the screens before the click, and by the API. */
export const emailRequiredMessages = {
  publish: `Confirmez votre adresse e-mail pour publier une mission : ${openTheLink}`,
  apply: `Confirmez votre adresse e-mail pour postuler : ${openTheLink}`,
  message: `Confirmez votre adresse e-mail pour écrire le premier message : ${openTheLink}`,
  subscribe: `Confirmez votre adresse e-mail pour souscrire une formule : ${openTheLink}`,
} as const;

export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  current: z.boolean(),
});
