import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, DRIVER_MENU, TRANSPORTER_MENU, badgeText } from './menus.js';

describe('menus (SPEC.md §2)', () => {
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

  it('gives administrators their home and the queues, badged with what waits', () => {
    expect(ADMIN_MENU.map((item) => [item.href, item.label, item.badge])).toEqual([
      ['/admin', 'Accueil', undefined],
      ['/admin/documents', 'Documents à vérifier', 'documents'],
      ['/admin/chauffeurs', 'Validation des chauffeurs', 'drivers'],
      ['/admin/abonnements', 'Abonnements', 'subscriptions'],
      ['/admin/avis', 'Avis signalés', 'reviews'],
      ['/admin/signalements', 'Signalements de bugs', 'bugs'],
    ]);
  });

  it('caps unread badges at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
