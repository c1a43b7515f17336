/**
 * Plans and subscriptions API (decision 018): the holder's plan, its usage, the ways to change it, and what an
 * administrator does without Stripe.
 */
import { z } from 'zod';
import { BILLING_INTERVALS, PAID_PLANS, SUBSCRIPTION_STATUSES } from '../rules/billing.js';
import { SUBSCRIPTION_PLANS } from '../rules/enums.js';
import { cleanText, requiredText, textMessages } from './text.js';

export const billingMessages = {
  planForRole: 'Cette formule n’est pas proposée pour votre type de compte',
  alreadyOnPlan: 'Vous avez déjà cette formule',
  requestPending: 'Une demande est déjà en cours : annulez-la pour en faire une autre.',
  noSubscription: 'Aucun abonnement en cours',
  stripeOff: 'Le paiement en ligne n’est pas activé sur Relais',
  demoAccount: 'Les comptes de démonstration ne peuvent pas souscrire de formule payante',
  reasonRequired: 'Indiquez la raison (10 caractères au moins)',
  reasonTooLong: 'La raison ne doit pas dépasser 500 caractères',
  referenceTooLong: 'La référence ne doit pas dépasser 100 caractères',
} as const;

export const planChoiceSchema = z.object({
  plan: z.enum(PAID_PLANS, { error: 'Formule inconnue' }),
  interval: z.enum(BILLING_INTERVALS, { error: 'Choisissez mensuel ou annuel' }),
});
export type PlanChoice = z.infer<typeof planChoiceSchema>;

/** An amount before VAT, its VAT and rate, and with VAT (decision 041): "74.92", "14.98", "20.00", "89.90". */
const vatAmountsSchema = z.object({
  amountExclTax: z.string(),
  vatAmount: z.string(),
  vatRate: z.string(),
  amount: z.string(),
});

const subscriptionInvoiceSchema = vatAmountsSchema.extend({
  id: z.string(),
  date: z.string(),
  /** What was paid or invoiced, VAT included; beside it, before VAT and the VAT it includes. */
  description: z.string().nullable(),
  status: z.string(),
  /** Stripe's hosted receipt of a card payment; null for a plan paid by transfer. */
  url: z.string().nullable(),
  /** The member's own reference an administrator recorded with a plan paid by transfer (their order). */
  reference: z.string().nullable(),
  /** Relais's invoice (decision 043): its number and PDF (Factur-X); null while it waits to be issued. */
  invoiceNumber: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});

/** GET /api/billing/subscription */
export const subscriptionViewSchema = z.object({
  role: z.enum(['driver', 'transporter']),
  plan: z.enum(SUBSCRIPTION_PLANS),
  planName: z.string(),
  /** What the plan gives, in French (only features that exist). */
  limits: z.array(z.string()),
  subscription: z
    .object({
      id: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      interval: z.enum(BILLING_INTERVALS),
      source: z.enum(['stripe', 'admin']),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  /** A request waiting for an administrator (no-Stripe mode). */
  request: z
    .object({ plan: z.enum(SUBSCRIPTION_PLANS), interval: z.enum(BILLING_INTERVALS), createdAt: z.string() })
    .nullable(),
  usage: z.object({
    /** null: unlimited */
    applicationsLeft: z.number().nullable(),
    applicationsUsed: z.number(),
    messagesLeftToday: z.number().nullable(),
    messagesUsedToday: z.number(),
    /** "2 candidatures restantes ce mois-ci", "3 messages restants aujourd’hui" */
    labels: z.array(z.string()),
  }),
  stripeEnabled: z.boolean(),
  invoices: z.array(subscriptionInvoiceSchema),
  /** No billing address yet: Relais's invoices wait for it (/facturation). */
  billingAddressMissing: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** POST /api/billing/checkout: Stripe Checkout's URL, or (no Stripe) the request recorded. */
export const checkoutResultSchema = z.object({
  url: z.string().nullable(),
  requested: z.boolean(),
});

/** POST /api/admin/users/:id/plan (no-Stripe mode). */
export const grantPlanSchema = z.object({
  plan: z.enum(PAID_PLANS, { error: 'Formule inconnue' }),
  interval: z.enum(BILLING_INTERVALS, { error: 'Choisissez mensuel ou annuel' }),
  invoiceReference: z
    .string()
    .trim()
    .max(100, billingMessages.referenceTooLong)
    .refine((value) => cleanText(value).ok, textMessages.control)
    .optional(),
});
export type GrantPlanInput = z.infer<typeof grantPlanSchema>;

/** DELETE /api/admin/users/:id/plan */
export const endPlanSchema = z.object({
  reason: requiredText(billingMessages.reasonRequired, {
    min: 10,
    max: 500,
    tooLong: billingMessages.reasonTooLong,
    multiline: true,
  }),
});

/** Admin answers about plans (no-Stripe mode grants), in the administrator's words. */
export const adminBillingMessages = {
  userNotFound: 'Utilisateur introuvable',
  accountClosed: 'Ce compte n’est pas actif',
  adminAccount: 'Un administrateur n’a pas de formule',
  demoAccount: 'Un compte de démonstration ne peut pas recevoir de formule payante',
  planForRole: 'Cette formule n’est pas proposée pour ce type de compte',
  stripeManaged:
    'Cet abonnement est géré par Stripe : il se modifie ou se résilie depuis Stripe (ou par son titulaire).',
  noPaidPlan: 'Cet utilisateur n’a pas de formule payante',
} as const;

/** One row of /admin/abonnements: a request waiting, or a live subscription, with its holder. */
export const adminSubscriptionSchema = z.object({
  id: z.string(),
  user: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    role: z.enum(['driver', 'transporter']),
    companyName: z.string().nullable(),
    /** users.subscriptionPlan now. */
    currentPlan: z.enum(SUBSCRIPTION_PLANS),
  }),
  plan: z.enum(SUBSCRIPTION_PLANS),
  interval: z.enum(BILLING_INTERVALS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  source: z.enum(['stripe', 'admin']),
  createdAt: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  invoiceReference: z.string().nullable(),
  /** What was invoiced (admin grants), VAT included, "149.00". */
  amount: z.string().nullable(),
  /**
   * The plan's price for the interval from the tariffs today: what to invoice, before VAT, its VAT and with VAT
   * (`amount`); `exclTax`: the plan is priced and shown before VAT (the transport companies').
   */
  price: vatAmountsSchema.extend({ exclTax: z.boolean() }),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

/** GET /api/admin/subscriptions: the requests waiting (oldest first), then the live subscriptions. */
export const adminSubscriptionListSchema = z.object({
  requests: z.array(adminSubscriptionSchema),
  subscriptions: z.array(adminSubscriptionSchema),
  stripeEnabled: z.boolean(),
});
export type AdminSubscriptionList = z.infer<typeof adminSubscriptionListSchema>;
