import { formatFileSize } from '#core/rules/text.js';
import { formatFullDateTime } from '#core/rules/french-dates.js';
import { describe, expect, it } from 'vitest';
import type { DocumentView, RequirementVerdictView, ValidationView } from '#core/schemas/documents.js';
import { documentFacts, documentTitle, requirementLine, typeToAdd, validationSummary } from './labels.js';
import { parisToday } from '#core/rules/days.js';

const verdict = (over: Partial<RequirementVerdictView>): RequirementVerdictView => ({
  requirement: 'carte_conducteur',
  state: 'valid',
  documentId: null,
  expiresOn: null,
  reason: null,
  ...over,
});

const document = (over: Partial<DocumentView>): DocumentView => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'permis',
  fileName: 'permis.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 2048,
  number: null,
  label: null,
  categories: [],
  adrKinds: [],
  issuedAt: null,
  expiresAt: null,
  status: 'pending',
  state: 'pending',
  rejectionReason: null,
  uploadedAt: '2026-01-10T09:00:00.000Z',
  verifiedAt: null,
  fileUrl: '/api/documents/00000000-0000-4000-8000-000000000001/file',
  ...over,
});

const validation = (over: Partial<ValidationView> = {}): ValidationView => ({
  status: 'pending_validation',
  interviewDate: null,
  rejectionReason: null,
  validatedAt: null,
  ...over,
});

describe('what each required paper says and blocks', () => {
  const today = '2026-01-15';

  it('a valid paper far from its end says until when, and blocks nothing', () => {
    const line = requirementLine(verdict({ expiresOn: '2029-03-12' }), today);
    expect(line).toMatchObject({
      title: 'Carte de conducteur',
      state: 'Valide jusqu’au 12/03/2029',
      tone: 'success',
      actionNeeded: false,
    });
  });

  it('a valid paper within 90 days of its end says when it expires and what is already closed', () => {
    const line = requirementLine(verdict({ expiresOn: '2026-03-01' }), today);
    expect(line.state).toBe('Expire le 01/03/2026');
    expect(line.consequence).toContain('après le 01/03/2026');
    expect(line.actionNeeded).toBe(true);
  });

  it('a missing card blocks the missions that require it, in those words', () => {
    const line = requirementLine(verdict({ state: 'missing' }), today);
    expect(line.state).toBe('Manquant');
    expect(line.consequence).toBe(
      'Sans carte de conducteur valide, vous ne pouvez pas postuler aux missions qui l’exigent.',
    );
    expect(line.tone).toBe('danger');
  });

  it('pending, refused with its reason, expired', () => {
    expect(requirementLine(verdict({ state: 'pending' }), today)).toMatchObject({
      state: 'En cours de vérification',
      tone: 'pending',
      actionNeeded: false,
    });
    expect(requirementLine(verdict({ state: 'rejected', reason: 'Photo illisible' }), today).state).toBe(
      'Refusé — Photo illisible',
    );
    expect(requirementLine(verdict({ state: 'rejected' }), today).state).toBe('Refusé');
    expect(
      requirementLine(
        verdict({ requirement: 'fimo_fco', state: 'expires_before_end', expiresOn: '2025-12-01' }),
        today,
      ),
    ).toMatchObject({ title: 'FIMO / FCO', state: 'Expiré depuis le 01/12/2025', tone: 'danger' });
  });

  it('"Ajouter" beside FIMO / FCO opens the FIMO first, then the FCO', () => {
    expect(typeToAdd('fimo_fco', [])).toBe('fimo');
    expect(typeToAdd('fimo_fco', [document({ type: 'fimo' })])).toBe('fco');
    expect(typeToAdd('permis', [])).toBe('permis');
  });
});

describe('a document as listed', () => {
  it('its name, number, French dates, categories and specialisations', () => {
    const licence = document({
      number: '12AB34567',
      issuedAt: '2020-02-01',
      expiresAt: '2030-02-01',
      categories: ['C', 'CE'],
    });
    expect(documentTitle(licence)).toBe('Permis de conduire');
    expect(documentFacts(licence)).toEqual([
      'N° 12AB34567',
      'Délivré le 01/02/2020 · Valable jusqu’au 01/02/2030',
      'Catégories : C, CE',
    ]);
    const adr = document({
      type: 'adr',
      adrKinds: ['base', 'citerne'],
      expiresAt: '2024-01-01',
      state: 'expired',
    });
    expect(documentFacts(adr)).toEqual(['Expiré le 01/01/2024', 'Spécialisations : Base, Citerne']);
    expect(documentTitle(document({ type: 'autre', label: 'Attestation hayon' }))).toBe('Attestation hayon');
  });

  it('sizes in Ko and Mo, the Paris day', () => {
    expect(formatFileSize(2048)).toBe('2 Ko');
    expect(formatFileSize(3.5 * 1024 * 1024)).toBe('3,5 Mo');
    expect(parisToday(new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-15');
  });
});

describe('Relais’s validation of the driver', () => {
  it('documents first, then the interview with its French date, then the decision', () => {
    expect(validationSummary(validation(), false)).toMatchObject({ current: 'documents', done: [] });
    expect(validationSummary(validation(), true)).toMatchObject({
      current: 'interview',
      done: ['documents'],
    });
    const planned = validationSummary(
      validation({ interviewDate: '2026-03-10T09:00:00.000Z' }),
      true,
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(planned.text).toContain('Entretien prévu le mardi 10 mars 2026 à 10:00');
    expect(formatFullDateTime('2026-07-01T08:30:00.000Z')).toBe('mercredi 1 juillet 2026 à 10:30');
  });

  it('approved, or refused with the reason', () => {
    expect(validationSummary(validation({ status: 'approved' }), true)).toMatchObject({
      title: 'Profil validé par Relais',
      tone: 'success',
    });
    expect(
      validationSummary(validation({ status: 'rejected', rejectionReason: 'Expérience insuffisante' }), true),
    ).toMatchObject({
      title: 'Profil refusé par Relais',
      text: 'Motif : Expérience insuffisante',
      tone: 'danger',
    });
  });
});
