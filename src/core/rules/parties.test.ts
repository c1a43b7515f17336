import { describe, expect, it } from 'vitest';
import { asParty, INVOICE_PARTY_TITLES, PARTY_TITLES, partyTitle } from './parties.js';

describe('the parties on the papers', () => {
  it('names them in the standard contracts’ words, per frame', () => {
    expect(partyTitle('independent', 'transporter')).toBe('Donneur d’ordre');
    expect(partyTitle('independent', 'driver')).toBe('Transporteur (sous-traitant), conducteur');
    expect(partyTitle('employment', 'transporter')).toBe('Employeur (transporteur)');
    expect(partyTitle('employment', 'driver')).toBe('Conducteur (salarié)');
    // The invoice's seller and buyer are the order's carrier and principal.
    expect(INVOICE_PARTY_TITLES.seller).toMatch(/^Transporteur \(sous-traitant\)/);
    expect(INVOICE_PARTY_TITLES.buyer).toMatch(new RegExp(`^${PARTY_TITLES.independent.company}`));
  });

  it('says them in a sentence, with the elision French writes', () => {
    expect(asParty('independent', 'transporter')).toBe('en tant que donneur d’ordre');
    expect(asParty('independent', 'driver')).toBe('en tant que transporteur (sous-traitant), conducteur');
    expect(asParty('employment', 'transporter')).toBe('en tant qu’employeur (transporteur)');
    expect(asParty('employment', 'driver')).toBe('en tant que conducteur (salarié)');
  });
});
