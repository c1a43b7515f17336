import { formatFileSize } from '#core/rules/text.js';
import { formatLongDateTime, parisInputValue } from '#core/rules/french-dates.js';
import { describe, expect, it } from 'vitest';
import type { AdminLogEntry } from './api.js';
import { documentCountsText, historyText } from './format.js';

const entry = (action: string, details: Record<string, unknown> | null = null): AdminLogEntry => ({
  id: '00000000-0000-4000-8000-000000000001',
  action,
  adminName: 'Alice Martin',
  details,
  createdAt: '2026-11-23T20:40:00.000Z',
});

describe('back-office wording', () => {
  it('reads dates and times in Paris time', () => {
    expect(formatLongDateTime('2026-11-23T20:40:00.000Z')).toBe('23 novembre 2026 à 21:40');
    expect(formatLongDateTime('2026-07-01T06:05:00.000Z')).toBe('1 juillet 2026 à 08:05');
  });

  it('fills a datetime-local field with the Paris wall clock', () => {
    expect(parisInputValue('2026-11-25T09:00:00.000Z')).toBe('2026-11-25T10:00');
    expect(parisInputValue('2026-07-01T22:30:00.000Z')).toBe('2026-07-02T00:30');
  });

  it('tells each admin action in French, with who, when and the reason', () => {
    expect(historyText(entry('document.verify', { type: 'permis' }))).toEqual({
      summary: 'Vérifié par Alice Martin le 23 novembre 2026 à 21:40',
      reason: null,
    });
    expect(historyText(entry('document.reject', { reason: 'Photo floue' }))).toEqual({
      summary: 'Refusé par Alice Martin le 23 novembre 2026 à 21:40',
      reason: 'Photo floue',
    });
    expect(
      historyText(entry('driver.interview', { interviewDate: '2026-11-25T09:00:00.000Z' })).summary,
    ).toBe('Entretien fixé au 25 novembre 2026 à 10:00 par Alice Martin le 23 novembre 2026 à 21:40');
    expect(historyText(entry('driver.approve', {})).summary).toBe(
      'Chauffeur validé par Alice Martin le 23 novembre 2026 à 21:40',
    );
    expect(historyText(entry('driver.reject', { reason: 'Absent à l’entretien' }))).toEqual({
      summary: 'Chauffeur refusé par Alice Martin le 23 novembre 2026 à 21:40',
      reason: 'Absent à l’entretien',
    });
  });

  it('counts a driver’s papers, leaving out what is zero', () => {
    expect(documentCountsText({ pending: 2, verified: 1, rejected: 0 })).toBe(
      'Documents : 2 en attente · 1 vérifié',
    );
    expect(documentCountsText({ pending: 0, verified: 3, rejected: 2 })).toBe(
      'Documents : 3 vérifiés · 2 refusés',
    );
    expect(documentCountsText({ pending: 0, verified: 0, rejected: 0 })).toBe('Aucun document déposé');
  });

  it('says file sizes in French units', () => {
    expect(formatFileSize(875)).toBe('1 Ko');
    expect(formatFileSize(13 * 1024)).toBe('13 Ko');
    expect(formatFileSize(1.4 * 1024 * 1024)).toBe('1,4 Mo');
  });
});
