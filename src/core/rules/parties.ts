/**
 * The words every paper of a mission names its parties with — engagement document or transport order, its
 * signature page, proof of delivery, invoice, hours statement — and the mission page that lists who signed, in
 * the terms of the French standard contracts (decision 042). Two frames:
 * - employment: the transport company is the employer and the carrier (« Employeur (transporteur) »), the
 *   driver its employee who drives (« Conducteur (salarié) »);
 * - independent: the company gives the order (« Donneur d’ordre »), the driver is the carrier it subcontracts
 *   to (« Transporteur (sous-traitant) ») and drives himself (« conducteur »).
 * The person at the wheel is the « conducteur » on every paper, whatever the frame. The screens keep the words of
 * docs/specification.md (Transporteur, Chauffeur) for the members themselves.
 */
import type { EngagementType } from './missions.js';

export const PARTY_TITLES: Record<EngagementType, { company: string; driver: string }> = {
  employment: { company: 'Employeur (transporteur)', driver: 'Conducteur (salarié)' },
  independent: { company: 'Donneur d’ordre', driver: 'Transporteur (sous-traitant), conducteur' },
};

/** The carrier's invoice (independent frame): the same two parties, with their place in the sale. */
export const INVOICE_PARTY_TITLES = {
  seller: 'Transporteur (sous-traitant), prestataire',
  buyer: 'Donneur d’ordre, client',
} as const;

/** A party's side on a mission's papers: the company's or the driver's. */
export const partyTitle = (kind: EngagementType, side: 'transporter' | 'driver') =>
  PARTY_TITLES[kind][side === 'transporter' ? 'company' : 'driver'];

/** « en tant que donneur d’ordre », « en tant qu’employeur (transporteur) »: the title in a sentence. */
export function asParty(kind: EngagementType, side: 'transporter' | 'driver'): string {
  const title = partyTitle(kind, side);
  const lower = title.charAt(0).toLowerCase() + title.slice(1);
  return /^[aeéèiouy]/i.test(lower) ? `en tant qu’${lower}` : `en tant que ${lower}`;
}
