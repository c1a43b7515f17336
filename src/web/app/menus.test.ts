import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, DRIVER_MENU, TRANSPORTER_MENU, badgeText, isCurrentAdminItem } from './menus.js';

describe('menus (docs/specification.md §2)', () => {
  it('lists the driver entries in order', () => {
    expect(DRIVER_MENU.map((item) => item.href)).toEqual([
      '/dashboard',
      '/analytics',
      '/missions',
      '/driver-map',
      '/mission-history',
      '/wallet',
      '/messages',
      '/alerts',
      '/documents',
      '/profile',
      '/parametres',
      '/documentation',
      '/report-bug',
    ]);
  });

  it('gives transporters delivery tracking instead of the map, and their own documentation', () => {
    expect(TRANSPORTER_MENU.map((item) => item.href)).toEqual([
      '/dashboard',
      '/analytics',
      '/missions',
      '/delivery-tracking',
      '/mission-history',
      '/wallet',
      '/messages',
      '/alerts',
      '/documents',
      '/profile',
      '/parametres',
      '/transporter-documentation',
      '/report-bug',
    ]);
    expect(TRANSPORTER_MENU.find((item) => item.href === '/delivery-tracking')?.label).toBe(
      'Suivi des livraisons',
    );
  });

  it('gives administrators the sections of the back office, the queues badged with what waits', () => {
    expect(ADMIN_MENU.map((item) => [item.href, item.label, item.badges])).toEqual([
      ['/admin', 'Accueil', undefined],
      ['/admin/utilisateurs', 'Utilisateurs', undefined],
      ['/admin/missions', 'Missions', undefined],
      ['/admin/documents', 'Validation', ['documents', 'drivers', 'subscriptions']],
      ['/admin/signalements', 'Signalements', ['bugs', 'reviews']],
      ['/admin/parametres', 'Paramètres du site', undefined],
      ['/admin/tarifs', 'Tarifs', undefined],
      ['/admin/journal', 'Journal', undefined],
      ['/admin/administrateurs', 'Administrateurs', undefined],
    ]);
  });

  it('keeps a section current on its tabs and pages, and the home only on /admin', () => {
    const current = (location: string) =>
      ADMIN_MENU.filter((item) => isCurrentAdminItem(item, location)).map((item) => item.label);
    expect(current('/admin')).toEqual(['Accueil']);
    expect(current('/admin/chauffeurs/42')).toEqual(['Validation']);
    expect(current('/admin/avis')).toEqual(['Signalements']);
    expect(current('/admin/utilisateurs/7')).toEqual(['Utilisateurs']);
    expect(current('/admin/missionsx')).toEqual([]);
  });

  it('caps unread badges at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
