import { describe, expect, it } from 'vitest';
import { isMobileNumber, isQuietHour, smsSegments, smsText, toGsm } from './sms.js';

describe('quiet hours (Europe/Paris)', () => {
  // 2026-01-15: winter time, Paris = UTC+1.
  const paris = (hour: number) => new Date(Date.UTC(2026, 0, 15, hour - 1, 30));
  it('span midnight when they start in the evening', () => {
    expect(isQuietHour(paris(22), 21, 7)).toBe(true);
    expect(isQuietHour(paris(3), 21, 7)).toBe(true);
    expect(isQuietHour(paris(7), 21, 7)).toBe(false);
    expect(isQuietHour(paris(12), 21, 7)).toBe(false);
  });
  it('stay within the day otherwise, and equal bounds mean none', () => {
    expect(isQuietHour(paris(13), 12, 14)).toBe(true);
    expect(isQuietHour(paris(14), 12, 14)).toBe(false);
    expect(isQuietHour(paris(3), 0, 0)).toBe(false);
  });
  it('follow summer time', () => {
    // 2026-07-15 20:30 UTC is 22:30 in Paris (UTC+2).
    expect(isQuietHour(new Date(Date.UTC(2026, 6, 15, 20, 30)), 22, 7)).toBe(true);
  });
});

describe('the text of an SMS', () => {
  const link = 'https://relais.fr/mission/0b6f7a8e-3c1d-4a2b-9f00-123456789abc';
  it('fits one GSM segment, with the link and how to stop, however long the summary', () => {
    const text = smsText(
      'Incident : panne. Jean Routier signale une panne sur « Semi frigo Rungis → Lille » : crevaison sur l’A1 au kilomètre 212, dépanneuse attendue dans l’heure',
      link,
    );
    expect(smsSegments(text)).toEqual({ segments: 1, unicode: false });
    expect(text.startsWith('Relais: Incident : panne.')).toBe(true);
    expect(text).toContain('...');
    expect(text.endsWith(`${link} STOP SMS: repondez STOP`)).toBe(true);
  });
  it('keeps French accents the GSM alphabet has and folds the others', () => {
    expect(toGsm('Démarrez « Lille » à l’heure, vérifiée, forêt')).toBe(
      'Démarrez " Lille " à l\'heure, vérifiée, foret',
    );
  });
  it('counts Unicode texts by 70 characters', () => {
    expect(smsSegments('Ça va 😀')).toEqual({ segments: 1, unicode: true });
    expect(smsSegments('x'.repeat(161))).toEqual({ segments: 2, unicode: false });
  });
});

describe('mobile numbers', () => {
  it('are French 06/07 or foreign', () => {
    expect(isMobileNumber('+33612345678')).toBe(true);
    expect(isMobileNumber('+33712345678')).toBe(true);
    expect(isMobileNumber('+33145678901')).toBe(false);
    expect(isMobileNumber('+351912345678')).toBe(true);
  });
});
