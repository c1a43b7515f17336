/**
 * The fields the transport order prints (decision 042): from the mission form, the goods' weight and pallets and
 * the waiting rate (franchise, price per started quarter hour); from the carrier's profile, their number in the
 * register of road transport companies. All optional; the forms and the API read them with these same schemas,
 * and their output reads again the same (the forms send what they parsed).
 */
import { z } from 'zod';
import { cargoMessages, PALLET_COUNT_MAX, readWeightKg } from '../rules/cargo.js';
import { WAITING_FRANCHISE_CHOICES, WAITING_QUARTER_PRICE_MAX_CENTS } from '../rules/waiting-rate.js';

export const waitingMessages = {
  priceFormat: 'Prix invalide : un montant en euros, par exemple 12,50',
  pricePositive: 'Le prix du quart d’heure doit être supérieur à 0',
  priceTooHigh: `Le prix d’un quart d’heure d’attente ne doit pas dépasser ${WAITING_QUARTER_PRICE_MAX_CENTS / 100}\u00a0€`,
  franchise: 'Choisissez une franchise proposée',
  independentOnly:
    'L’attente se facture à un transporteur indépendant : un conducteur salarié est payé de son temps d’attente par son salaire',
  flatOnly:
    'L’attente se facture avec un prix au forfait : à l’heure ou à la journée, le temps d’attente est déjà payé',
} as const;

/** Nothing typed: the form's empty field, or null. */
export const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An optional field a core reader reads (a weight, a temperature, a UN number): left empty → null; else the
 * reader's `key`, or its French message under the field.
 */
export function optionalReading<I extends string | number, K extends string, V>(
  input: z.ZodType<I>,
  read: (value: I) => Record<K, V> | { message: string },
  key: K,
) {
  return input
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return null;
      const answer = read(value!);
      if ('message' in answer) {
        ctx.addIssue({ code: 'custom', message: answer.message });
        return z.NEVER;
      }
      return (answer as Record<K, V>)[key];
    });
}

/** "24 t", "800 kg" or a number of kilograms → kilograms, or null when left empty. */
export const cargoWeightSchema = optionalReading(
  z.union([z.string(), z.number()], { error: cargoMessages.weightFormat }),
  readWeightKg,
  'kg',
);

/** A whole number of pallets, 1 to 99, or null when left empty. */
export const palletCountSchema = z
  .union([z.string(), z.number()], { error: cargoMessages.palletsFormat })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (blank(value)) return null;
    const written = String(value).trim();
    if (!/^\d+$/.test(written)) {
      ctx.addIssue({ code: 'custom', message: cargoMessages.palletsFormat });
      return z.NEVER;
    }
    const count = Number(written);
    if (count < 1 || count > PALLET_COUNT_MAX) {
      ctx.addIssue({ code: 'custom', message: cargoMessages.palletsRange });
      return z.NEVER;
    }
    return count;
  });

/** The price of a started quarter hour of waiting, HT: "12,5" → "12.50", or null when left empty. */
export const waitingQuarterPriceSchema = z
  .union([z.string(), z.number()], { error: waitingMessages.priceFormat })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (blank(value)) return null;
    const written = String(value).trim().replace(',', '.');
    if (!/^\d+(\.\d{1,2})?$/.test(written)) {
      ctx.addIssue({ code: 'custom', message: waitingMessages.priceFormat });
      return z.NEVER;
    }
    const amount = Number(written);
    if (!(amount > 0)) {
      ctx.addIssue({ code: 'custom', message: waitingMessages.pricePositive });
      return z.NEVER;
    }
    if (amount * 100 > WAITING_QUARTER_PRICE_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: waitingMessages.priceTooHigh });
      return z.NEVER;
    }
    return amount.toFixed(2);
  });

/** The franchise per operation, in minutes (one of the choices offered; the select sends it as text). */
export const waitingFranchiseSchema = z
  .union([z.string(), z.number()], { error: waitingMessages.franchise })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (blank(value)) return null;
    const minutes = Number(value);
    if (!(WAITING_FRANCHISE_CHOICES as readonly number[]).includes(minutes)) {
      ctx.addIssue({ code: 'custom', message: waitingMessages.franchise });
      return z.NEVER;
    }
    return minutes;
  });

const REGISTER_NUMBER_MESSAGE =
  'Numéro d’inscription invalide : recopiez-le tel qu’il figure sur votre licence de transport (chiffres, lettres, « / » ou « - »)';

/**
 * An independent carrier's number in the register of road transport companies (registre électronique national des
 * entreprises de transport par route), as printed on their licence: its layout has changed with the years and the
 * regions, so its shape is checked (6 to 30 signs, at least 6 digits; letters, digits, spaces, « / », « - », « . »),
 * not a key. Upper-cased, spaces tidied; empty clears it.
 */
export const transportRegisterSchema = z
  .string({ error: REGISTER_NUMBER_MESSAGE })
  .max(60, REGISTER_NUMBER_MESSAGE)
  .nullable()
  .transform((value, ctx) => {
    if (blank(value)) return null;
    const written = value!.trim().toUpperCase().replace(/\s+/gu, ' ');
    const digits = written.replace(/\D/g, '').length;
    if (!/^[A-Z0-9][A-Z0-9 ./-]{4,28}[A-Z0-9]$/.test(written) || digits < 6) {
      ctx.addIssue({ code: 'custom', message: REGISTER_NUMBER_MESSAGE });
      return z.NEVER;
    }
    return written;
  });
