import { describe, expect, it } from 'vitest';
import { appsFor, directionsUrl, isApplePlatform, opensInNewTab, type Destination } from './directions.js';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
// An iPad asks for the desktop site by default and then says it is a Mac.
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const rungis: Destination = { latitude: 48.7553, longitude: 2.3521, label: 'MIN de Rungis, 94150 Rungis' };

describe('directionsUrl', () => {
  it('gives each app the point, with a dot', () => {
    expect(directionsUrl('waze', rungis)).toBe('https://waze.com/ul?ll=48.7553,2.3521&navigate=yes');
    expect(directionsUrl('google', rungis)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=48.7553,2.3521',
    );
    expect(directionsUrl('apple', rungis)).toBe('https://maps.apple.com/?daddr=48.7553,2.3521');
    expect(directionsUrl('geo', rungis)).toBe(
      'geo:48.7553,2.3521?q=48.7553,2.3521(MIN%20de%20Rungis%2C%2094150%20Rungis)',
    );
  });

  it('keeps 6 decimals at most, without trailing zeros, exponent or "-0"', () => {
    const at = (latitude: number, longitude: number) =>
      directionsUrl('waze', { latitude, longitude, label: '' });
    expect(at(48.123456789, -4.987654321)).toBe('https://waze.com/ul?ll=48.123457,-4.987654&navigate=yes');
    expect(at(45, 5.5)).toBe('https://waze.com/ul?ll=45,5.5&navigate=yes');
    expect(at(0.0000001, -0.0000004)).toBe('https://waze.com/ul?ll=0,0&navigate=yes');
    expect(at(0.000001, -120)).toBe('https://waze.com/ul?ll=0.000001,-120&navigate=yes');
  });

  it('encodes the label, parentheses included (they would end the geo: pin name)', () => {
    const url = directionsUrl('geo', {
      latitude: 50.63,
      longitude: 3.06,
      label: 'Quai 3 (entrepôt) & bureaux\n59000 Lille',
    });
    expect(url).toBe(
      'geo:50.63,3.06?q=50.63,3.06(Quai%203%20%28entrep%C3%B4t%29%20%26%20bureaux%2059000%20Lille)',
    );
  });

  it('searches the address text only when there is no point', () => {
    const lille: Destination = { latitude: null, longitude: null, label: '12 rue de Paris, 59000 Lille' };
    const text = '12%20rue%20de%20Paris%2C%2059000%20Lille';
    expect(directionsUrl('waze', lille)).toBe(`https://waze.com/ul?q=${text}&navigate=yes`);
    expect(directionsUrl('google', lille)).toBe(`https://www.google.com/maps/dir/?api=1&destination=${text}`);
    expect(directionsUrl('apple', lille)).toBe(`https://maps.apple.com/?daddr=${text}`);
    expect(directionsUrl('geo', lille)).toBe(`geo:0,0?q=${text}`);
    // Half a point, or one no app would take, is no point.
    expect(directionsUrl('waze', { ...lille, latitude: 50.6 })).toBe(
      `https://waze.com/ul?q=${text}&navigate=yes`,
    );
    expect(directionsUrl('waze', { ...lille, latitude: 95, longitude: 3 })).toContain('?q=');
    expect(directionsUrl('waze', { ...lille, latitude: Number.NaN, longitude: 3 })).toContain('?q=');
  });

  it('gives no link without a point or a text', () => {
    expect(directionsUrl('google', { latitude: null, longitude: null, label: '  ' })).toBeNull();
    // A point without a name still leads somewhere (the geo: pin has no name then).
    expect(directionsUrl('geo', { latitude: 45, longitude: 5, label: '' })).toBe('geo:45,5?q=45,5');
  });

  it('opens the web addresses in a new tab, not the geo: scheme', () => {
    expect(opensInNewTab('waze')).toBe(true);
    expect(opensInNewTab('geo')).toBe(false);
  });
});

describe('appsFor', () => {
  it('offers Plans on Apple systems only, and the phone’s own app elsewhere', () => {
    expect(appsFor(ANDROID)).toEqual(['waze', 'google', 'geo']);
    expect(appsFor(WINDOWS)).toEqual(['waze', 'google', 'geo']);
    expect(appsFor(IPHONE)).toEqual(['waze', 'google', 'apple']);
    expect(appsFor(IPAD_AS_MAC)).toEqual(['waze', 'google', 'apple']);
    expect(isApplePlatform(ANDROID)).toBe(false);
    expect(isApplePlatform('')).toBe(false);
  });
});
