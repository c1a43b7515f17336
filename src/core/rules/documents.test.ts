import { describe, expect, it } from 'vitest';
import {
  addYears,
  cargoNeedsAdr,
  documentState,
  documentsVerified,
  eligibility,
  missionRequirements,
  requirementVerdict,
  type Paper,
} from './documents.js';

const paper = (over: Partial<Paper>): Paper => ({
  id: over.id ?? 'p1',
  type: 'fco',
  status: 'verified',
  expirationDate: '2027-03-12',
  ...over,
});

describe('document rules', () => {
  it('adds years, 29 February landing on the 28th', () => {
    expect(addYears('2024-02-29', 5)).toBe('2029-02-28');
    expect(addYears('2022-06-15', 5)).toBe('2027-06-15');
  });

  it('reads the state from the stored status and the date', () => {
    expect(documentState(paper({}), '2027-03-13')).toBe('expired');
    expect(documentState(paper({}), '2027-03-12')).toBe('expiring');
    expect(documentState(paper({}), '2026-01-01')).toBe('verified');
    expect(documentState(paper({ status: 'pending' }), '2026-01-01')).toBe('pending');
    expect(documentState(paper({ status: 'rejected' }), '2026-01-01')).toBe('rejected');
  });

  it('refuses a document that expires before the mission ends, with the date in French', () => {
    const verdict = requirementVerdict([paper({})], 'fimo_fco', '2027-03-20');
    expect(verdict.state).toBe('expires_before_end');
    expect(eligibility([paper({})], ['fimo_fco'], '2027-03-20').refusals[0]).toBe(
      'Votre FIMO / FCO expire le 12/03/2027, avant la fin de cette mission.',
    );
    // Valid through its last day.
    expect(requirementVerdict([paper({})], 'fimo_fco', '2027-03-12').state).toBe('valid');
  });

  it('takes a FIMO or the last FCO, and a pending renewal over an expiring verified one', () => {
    const renewed = [paper({}), paper({ id: 'p2', status: 'pending', expirationDate: '2032-03-01' })];
    expect(requirementVerdict(renewed, 'fimo_fco', '2027-06-01')).toMatchObject({
      state: 'pending',
      documentId: 'p2',
    });
    expect(requirementVerdict([paper({ type: 'fimo' })], 'fimo_fco', '2027-01-01').state).toBe('valid');
  });

  it('says missing, or rejected with the reason', () => {
    expect(eligibility([], ['adr'], '2027-01-01').refusals[0]).toBe(
      'Votre certificat ADR est requis pour cette mission : ajoutez-le dans Mes documents.',
    );
    const rejected = [paper({ type: 'adr', status: 'rejected', rejectionReason: 'Photo floue' })];
    expect(eligibility(rejected, ['adr'], '2027-01-01').refusals[0]).toContain('(Photo floue)');
  });

  it('implies ADR for dangerous goods named in the cargo', () => {
    expect(cargoNeedsAdr('Gasoil ADR classe 3')).toBe(true);
    expect(cargoNeedsAdr('matières dangereuses')).toBe(true);
    expect(cargoNeedsAdr('UN1203 essence')).toBe(true);
    expect(cargoNeedsAdr('Palettes de yaourts')).toBe(false);
    expect(cargoNeedsAdr('Cadres photo')).toBe(false);
    expect(missionRequirements(['permis'], 'ADR')).toEqual(['permis', 'adr']);
  });

  it('documentsVerified needs licence, card and FIMO/FCO verified and valid, ADR when declared', () => {
    const all = [
      paper({ id: 'a', type: 'permis', expirationDate: '2030-01-01' }),
      paper({ id: 'b', type: 'carte_conducteur', expirationDate: '2030-01-01' }),
      paper({ id: 'c', type: 'fimo', expirationDate: '2030-01-01' }),
    ];
    expect(documentsVerified(all, [], '2027-01-01')).toBe(true);
    expect(documentsVerified(all, ['ADR citerne'], '2027-01-01')).toBe(false);
    expect(documentsVerified(all, [], '2030-01-02')).toBe(false);
    expect(
      documentsVerified([...all.slice(1), paper({ type: 'permis', status: 'pending' })], [], '2027-01-01'),
    ).toBe(false);
  });
});
