import { describe, expect, it } from 'vitest';
import { decideRoute, isReturnWorthy, safeReturnPath } from './route-rules.js';

const member = { isAdmin: false };
const admin = { isAdmin: true };

describe('route rules (docs/specification.md §2, §4)', () => {
  it('shows public pages to visitors in the public layout', () => {
    for (const path of [
      '/',
      '/explorer',
      '/profile/abc',
      '/login',
      '/register',
      '/verify-email',
      '/demo',
      '/demo/login',
      '/pricing',
      '/privacy',
      '/cgu-cgv',
      '/mentions-legales',
      '/admin/setup',
      '/admin/invitation',
      '/offline',
      '/installer-pwa',
      // A shared mission link: the public preview.
      '/mission/42',
    ]) {
      expect(decideRoute(path, null), path).toEqual({ layout: 'public' });
    }
  });

  it('sends visitors home from authenticated, admin and unknown paths', () => {
    for (const path of [
      '/dashboard',
      '/missions',
      '/mission/1/tracking',
      '/wallet',
      '/admin',
      '/admin/users',
      '/nimporte-quoi',
    ]) {
      expect(decideRoute(path, null), path).toEqual({ redirect: '/' });
    }
  });

  it('gives members the sidebar layout on their pages, including pricing and the legal pages', () => {
    for (const path of [
      '/dashboard',
      '/analytics',
      '/driver-map',
      '/delivery-tracking',
      '/missions',
      '/mission/42/review',
      '/mission-history',
      '/wallet',
      '/facturation',
      '/messages',
      '/alerts',
      '/documents',
      '/availability',
      '/profile',
      '/parametres',
      '/report-bug',
      '/documentation',
      '/transporter-documentation',
      '/pricing',
      '/driver/subscription',
      '/privacy',
      '/offline',
    ]) {
      expect(decideRoute(path, member), path).toEqual({ layout: 'sidebar' });
    }
  });

  it('keeps the public layout for public-only pages when signed in', () => {
    expect(decideRoute('/', member)).toEqual({ layout: 'public' });
    expect(decideRoute('/explorer', member)).toEqual({ layout: 'public' });
    expect(decideRoute('/profile/abc', member)).toEqual({ layout: 'public' });
  });

  it('sends signed-in users away from the sign-in forms to their home', () => {
    expect(decideRoute('/login', member)).toEqual({ redirect: '/dashboard' });
    expect(decideRoute('/register', admin)).toEqual({ redirect: '/admin' });
  });

  it('opens the demo pages signed in too: another demo, or why a real account cannot', () => {
    expect(decideRoute('/demo', member)).toEqual({ layout: 'sidebar' });
    expect(decideRoute('/demo/login', member)).toEqual({ layout: 'sidebar' });
    expect(decideRoute('/demo/login', admin)).toEqual({ layout: 'admin' });
  });

  it('sends non-admins away from /admin to /dashboard', () => {
    expect(decideRoute('/admin', member)).toEqual({ redirect: '/dashboard' });
    expect(decideRoute('/admin/setup', member)).toEqual({ redirect: '/dashboard' });
  });

  it('confines admins to the admin area', () => {
    for (const path of [
      '/dashboard',
      '/missions',
      '/wallet',
      '/messages',
      '/alerts',
      '/documents',
      '/profile',
      '/analytics',
      '/driver-map',
      '/delivery-tracking',
      '/parametres',
    ]) {
      expect(decideRoute(path, admin), path).toEqual({ redirect: '/admin' });
    }
    expect(decideRoute('/admin', admin)).toEqual({ layout: 'admin' });
    expect(decideRoute('/admin/bugs', admin)).toEqual({ layout: 'admin' });
  });

  it('shows the 404 page for unknown paths when signed in', () => {
    expect(decideRoute('/nimporte-quoi', member)).toEqual({ layout: 'sidebar', notFound: true });
    expect(decideRoute('/nimporte-quoi', admin)).toEqual({ layout: 'admin', notFound: true });
  });

  it('ignores a trailing slash', () => {
    expect(decideRoute('/dashboard/', member)).toEqual({ layout: 'sidebar' });
  });
});

describe('route patterns', () => {
  it('match one segment per parameter, and nothing more', () => {
    expect(decideRoute('/mission/abc-123/review', member)).toEqual({ layout: 'sidebar' });
    expect(decideRoute('/mission/abc/def/review', member)).toEqual({ layout: 'sidebar', notFound: true });
    expect(decideRoute('/profile/a/b', null)).toEqual({ redirect: '/' });
    expect(decideRoute('/missionsX', member)).toEqual({ layout: 'sidebar', notFound: true });
  });
});

describe('coming back after signing in', () => {
  it('remembers pages of the user area only', () => {
    expect(isReturnWorthy('/messages')).toBe(true);
    expect(isReturnWorthy('/mission/42/tracking')).toBe(true);
    expect(isReturnWorthy('/nimporte-quoi')).toBe(false);
    expect(isReturnWorthy('/admin')).toBe(false);
  });

  it('returns only to a page of this site that a member opens', () => {
    expect(safeReturnPath('/mission/42')).toBe('/mission/42');
    expect(safeReturnPath('/messages?avec=1&mission=2')).toBe('/messages?avec=1&mission=2');
    for (const hostile of [
      null,
      '',
      'https://evil.example/mission/1',
      '//evil.example/mission/1',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/demo/login?role=chauffeur',
      '/admin',
      '/nimporte-quoi',
    ])
      expect(safeReturnPath(hostile), String(hostile)).toBeNull();
  });
});
