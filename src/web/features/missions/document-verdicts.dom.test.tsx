import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequirementVerdictView } from '#core/schemas/documents.js';
import { VerdictList, verdictText } from './document-verdicts.js';

const ID = '00000000-0000-4000-8000-00000000000a';
const verdicts: RequirementVerdictView[] = [
  { requirement: 'permis', state: 'valid', documentId: ID, expiresOn: '2030-05-01', reason: null },
  { requirement: 'carte_conducteur', state: 'pending', documentId: ID, expiresOn: null, reason: null },
  {
    requirement: 'fimo_fco',
    state: 'expires_before_end',
    documentId: ID,
    expiresOn: '2026-03-12',
    reason: null,
  },
  { requirement: 'adr', state: 'rejected', documentId: null, expiresOn: null, reason: 'Scan flou' },
];

describe('required documents on a mission', () => {
  afterEach(cleanup);

  it('in the transporter’s words: vérifié, en attente, expire avant la fin, refusé, manquant', () => {
    expect(verdicts.map((verdict) => verdictText(verdict, 'transporter').label)).toEqual([
      'Vérifié',
      'En attente de vérification',
      'Expire avant la fin',
      'Refusé',
    ]);
    expect(
      verdictText({ ...verdicts[0]!, state: 'missing', documentId: null, expiresOn: null }, 'transporter')
        .label,
    ).toBe('Manquant');
  });

  it('in the driver’s words', () => {
    expect(verdictText(verdicts[0]!, 'driver').label).toBe('Valide jusqu’au 01/05/2030');
    expect(verdictText(verdicts[1]!, 'driver').label).toBe('En cours de vérification');
    expect(verdictText(verdicts[2]!, 'driver')).toMatchObject({
      label: 'Expire avant la fin',
      detail: 'le 12/03/2026',
    });
  });

  it('a transporter may open only the verified documents, in a new tab', () => {
    render(<VerdictList verdicts={verdicts} audience="transporter" />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(`/api/documents/${ID}/file`);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('aria-label')).toBe('Voir : Permis de conduire (nouvel onglet)');
    expect(screen.getByText(/Scan flou/)).toBeTruthy();
  });

  it('a driver gets no link to the file from the mission', () => {
    render(<VerdictList verdicts={verdicts} audience="driver" />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
