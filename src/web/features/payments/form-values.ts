import type { VatRegime } from '#core/rules/money.js';

/** The billing details form (the page, not the API: empty strings while nothing is typed). */
export interface BillingFormValues {
  billingAddress: string;
  siretNumber: string;
  vatRegime: VatRegime | '';
  vatNumber: string;
  /** Subject to VAT and opted to pay it on invoicing. */
  vatOnDebits: boolean;
  iban: string;
  acceptSelfBillingMandate: boolean;
}

/** Who fills the form: a driver gives SIRET, VAT and the mandate (unless already accepted). */
export interface BillingFormContext {
  driver: boolean;
  mandateAccepted: boolean;
}

export interface PayslipFormValues {
  number: string;
  file: FileList | null;
}
