import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { siteSettings } from '../db/schema/admin.js';

/**
 * Relais's publisher as its own invoices name it (decision 043): the legal notice's settings the back office fills
 * in (features/site-settings), read from the database on each call like the tariffs.
 */
export interface Publisher {
  name: string;
  /** « SAS au capital de 10 000 € », when given. */
  form: string | null;
  address: string;
  /** « RCS Lyon 732 829 320 », when given. */
  registration: string | null;
  siret: string;
  vatNumber: string;
  /** Where a transfer goes, when given. */
  iban: string | null;
}

const KEYS = {
  name: 'legalPublisherName',
  form: 'legalPublisherForm',
  address: 'legalPublisherAddress',
  registration: 'legalPublisherRegistration',
  siret: 'legalPublisherSiret',
  vatNumber: 'legalPublisherVatNumber',
  iban: 'legalPublisherIban',
} as const;

/** What an invoice cannot go without: raison sociale, address, SIRET and VAT number. */
const REQUIRED = ['name', 'address', 'siret', 'vatNumber'] as const;

/** The publisher's details, or the labels of those still missing (the settings say where to give them). */
export async function readPublisher(
  db: DbOrTx,
): Promise<{ publisher: Publisher; missing: [] } | { publisher: null; missing: string[] }> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, Object.values(KEYS)));
  const stored = new Map(rows.map((row) => [row.key, row.value?.trim() || null]));
  const get = (field: keyof typeof KEYS) => stored.get(KEYS[field]) ?? null;
  const missing = REQUIRED.filter((field) => !get(field)).map((field) => KEYS[field]);
  if (missing.length > 0) return { publisher: null, missing };
  return {
    publisher: {
      name: get('name')!,
      form: get('form'),
      address: get('address')!,
      registration: get('registration'),
      siret: get('siret')!,
      vatNumber: get('vatNumber')!,
      iban: get('iban'),
    },
    missing: [],
  };
}
