import { describe, expect, it } from 'vitest';
import { ApiError, demoPath, errorFromResponse, pathFromQueryKey, toQueryString } from './api.js';

describe('query strings (docs/specification.md §7)', () => {
  it('drops empty, null and "all" values', () => {
    expect(
      toQueryString({ q: 'Lyon', vehicle: 'all', page: 2, empty: '', none: null, missing: undefined }),
    ).toBe('?q=Lyon&page=2');
    expect(toQueryString({ status: 'all' })).toBe('');
  });
  it('repeats arrays and keeps false and 0', () => {
    expect(toQueryString({ docs: ['adr', 'fimo'], urgent: false, min: 0 })).toBe(
      '?docs=adr&docs=fimo&urgent=false&min=0',
    );
  });
  it('builds the path from the query key', () => {
    expect(pathFromQueryKey(['/api/missions/search', { q: 'Rouen', radius: 50, type: 'all' }])).toBe(
      '/api/missions/search?q=Rouen&radius=50',
    );
    expect(pathFromQueryKey(['/api/messages', 'abc'])).toBe('/api/messages/abc');
    expect(pathFromQueryKey(['/api/auth/me'])).toBe('/api/auth/me');
  });
});

describe('demo paths', () => {
  it('maps the §7 paths to their /api/demo twins and leaves the others', () => {
    expect(demoPath('/api/missions')).toBe('/api/demo/missions');
    expect(demoPath('/api/missions/search?q=a')).toBe('/api/demo/missions/search?q=a');
    expect(demoPath('/api/dashboard/stats')).toBe('/api/demo/dashboard/stats');
    expect(demoPath('/api/conversations')).toBe('/api/demo/conversations');
    expect(demoPath('/api/messages/u1')).toBe('/api/demo/messages/u1');
    expect(demoPath('/api/reviews/user/u2')).toBe('/api/demo/reviews/u2');
    expect(demoPath('/api/auth/me')).toBe('/api/auth/me');
    expect(demoPath('/api/site-settings')).toBe('/api/site-settings');
  });
});

describe('errors (docs/specification.md §8)', () => {
  it('takes the body message when there is one', async () => {
    const error = await errorFromResponse(
      new Response(JSON.stringify({ message: 'Email invalide', errors: { email: 'Email invalide' } }), {
        status: 400,
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Email invalide');
    expect(error.fieldErrors).toEqual({ email: 'Email invalide' });
  });
  it('falls back to the raw text, then to the status text', async () => {
    expect((await errorFromResponse(new Response('Passerelle indisponible', { status: 502 }))).message).toBe(
      'Passerelle indisponible',
    );
    expect(
      (await errorFromResponse(new Response('', { status: 503, statusText: 'Service Unavailable' }))).message,
    ).toBe('Service Unavailable');
    const json = await errorFromResponse(
      new Response(JSON.stringify({ other: 1 }), { status: 500, statusText: 'Internal' }),
    );
    expect(json.message).toBe('{"other":1}');
    expect(json.body).toEqual({ other: 1 });
  });
});
