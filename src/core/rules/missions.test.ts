import { searchable } from './text.js';
import { describe, expect, it } from 'vitest';
import {
  applicationCountLabel,
  availableActions,
  licenseCovers,
  licensesFor,
  startableFrom,
  startTooEarlyMessage,
  transition,
  vehiclesFor,
} from './missions.js';

describe('licences', () => {
  it('orders the categories: C1 < C, C1E < CE, C1 < C1E, C < CE', () => {
    expect(licenseCovers('C', 'C1')).toBe(true);
    expect(licenseCovers('C1', 'C')).toBe(false);
    expect(licenseCovers('CE', 'C1E')).toBe(true);
    expect(licenseCovers('C1E', 'CE')).toBe(false);
    expect(licenseCovers('C1E', 'C1')).toBe(true);
    expect(licenseCovers('C', 'CE')).toBe(false);
    expect(licenseCovers('C', 'C1E')).toBe(false);
  });
  it('maps vehicles to the licences that may drive them', () => {
    expect(licensesFor('semi_remorque')).toEqual(['CE']);
    expect(licensesFor('porteur').sort()).toEqual(['C', 'CE']);
    expect(licensesFor('porteur_leger').sort()).toEqual(['C', 'C1', 'C1E', 'CE']);
    expect(vehiclesFor('C1')).toEqual(['porteur_leger']);
    expect(vehiclesFor('CE')).toContain('semi_frigorifique');
  });
});

describe('lifecycle', () => {
  it('moves available → assigned → in_progress → delivered → completed with the allowed party', () => {
    expect(transition('assigned', 'start')).toEqual({ ok: true, to: 'in_progress' });
    expect(transition('in_progress', 'deliver')).toEqual({ ok: true, to: 'delivered' });
    expect(transition('delivered', 'complete')).toEqual({ ok: true, to: 'completed' });
    expect(transition('assigned', 'drop')).toEqual({ ok: true, to: 'available' });
    expect(transition('available', 'cancel')).toEqual({ ok: true, to: 'cancelled' });
    expect(transition('in_progress', 'cancel').ok).toBe(false);
    expect(transition('available', 'start').ok).toBe(false);
    expect(transition('completed', 'deliver').ok).toBe(false);
  });
  it('offers each party only its own actions', () => {
    expect(availableActions('assigned', 'driver')).toEqual(['start', 'drop']);
    expect(availableActions('assigned', 'transporter')).toEqual(['cancel']);
    expect(availableActions('delivered', 'transporter')).toEqual(['complete']);
    expect(availableActions('completed', 'driver')).toEqual([]);
  });
});

describe('search text', () => {
  it('stores and reads text without accents or case', () => {
    expect(searchable('Rungis → Évry, Île-de-France')).toBe('rungis evry ile de france');
  });
});

describe('starting a mission', () => {
  it('is possible from two hours before the planned start, said in Paris time', () => {
    const from = startableFrom('2026-11-26T05:00:00.000Z');
    expect(from.toISOString()).toBe('2026-11-26T03:00:00.000Z');
    expect(startTooEarlyMessage(from)).toBe(
      'Vous pourrez démarrer cette mission à partir du jeu. 26 nov. à 04:00, 2 h avant le départ prévu.',
    );
  });
});

describe('application counts', () => {
  it('say every application received and how many still wait', () => {
    expect(applicationCountLabel(0, 0)).toBe('Aucune candidature');
    expect(applicationCountLabel(1, 1)).toBe('1 candidature');
    expect(applicationCountLabel(2, 1)).toBe('2 candidatures (1 en attente)');
    expect(applicationCountLabel(3, 0)).toBe('3 candidatures (aucune en attente)');
  });
});
