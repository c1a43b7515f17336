import type { User } from '../../db/schema/users.js';

type Party = Pick<
  User,
  'billingAddress' | 'siretNumber' | 'vatRegime' | 'vatNumber' | 'selfBillingAcceptedAt' | 'companyName'
>;

/**
 * What keeps Relais from issuing the carrier's invoice, in French, for both parties to read (empty: it can be
 * issued). The carrier gives the mandate, their SIRET, address and VAT regime; the client its billing address
 * (its SIRET is the one it registered with).
 */
export function invoiceBlockers(driver: Party, transporter: Party): string[] {
  const blockers: string[] = [];
  if (!driver.selfBillingAcceptedAt)
    blockers.push('Le chauffeur doit accepter le mandat de facturation (autofacturation).');
  if (!driver.siretNumber) blockers.push('Le chauffeur doit indiquer son numéro SIRET.');
  if (!driver.billingAddress) blockers.push('Le chauffeur doit indiquer son adresse de facturation.');
  if (!driver.vatRegime) blockers.push('Le chauffeur doit indiquer son régime de TVA.');
  else if (driver.vatRegime === 'normal' && !driver.vatNumber)
    blockers.push('Le chauffeur doit indiquer son numéro de TVA intracommunautaire.');
  if (!transporter.billingAddress) blockers.push('Le transporteur doit indiquer son adresse de facturation.');
  if (!transporter.siretNumber) blockers.push('Le transporteur n’a pas de numéro SIRET enregistré.');
  return blockers;
}
