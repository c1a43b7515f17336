import { describe, expect, it } from 'vitest';
import {
  deviceTypeOf,
  isBot,
  normalisePath,
  referrerHost,
  refusesTracking,
  truncateIp,
} from './site-analytics.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('device type', () => {
  it('tells phones, tablets and computers apart', () => {
    expect(deviceTypeOf(IPHONE)).toBe('mobile');
    expect(deviceTypeOf(ANDROID_PHONE)).toBe('mobile');
    expect(deviceTypeOf(ANDROID_TABLET)).toBe('tablet');
    expect(deviceTypeOf(IPAD)).toBe('tablet');
    expect(deviceTypeOf(WINDOWS)).toBe('desktop');
    expect(deviceTypeOf(MAC)).toBe('desktop');
    expect(deviceTypeOf('SomethingElse/1.0')).toBe('other');
    expect(deviceTypeOf(undefined)).toBe('other');
  });
});

describe('bots', () => {
  it('are robots, crawlers, previews, libraries and headless browsers; browsers are not', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      'python-requests/2.31',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
      '',
      undefined,
    ])
      expect(isBot(ua), String(ua)).toBe(true);
    for (const ua of [IPHONE, ANDROID_PHONE, ANDROID_TABLET, IPAD, WINDOWS, MAC])
      expect(isBot(ua), ua).toBe(false);
  });
});

describe('IP truncation', () => {
  it('zeroes the last byte of an IPv4 address', () => {
    expect(truncateIp('203.0.113.42')).toBe('203.0.113.0');
    expect(truncateIp('::ffff:198.51.100.7')).toBe('198.51.100.0');
  });
  it('keeps the /48 of an IPv6 address', () => {
    expect(truncateIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8:0::');
    expect(truncateIp('fe80::1%eth0')).toBe('fe80:0:0::');
    expect(truncateIp('::1')).toBe('0:0:0::');
  });
  it('gives null for anything unreadable', () => {
    for (const bad of ['', 'abc', '1.2.3', '256.1.1.1', '1:2:3:4:5:6:7:8:9', '1::2::3', null, undefined])
      expect(truncateIp(bad), String(bad)).toBeNull();
  });
});

describe('page path', () => {
  it('replaces ids, drops the query string and the fragment', () => {
    expect(normalisePath('/mission/6f1c2a4e-1b2c-4d3e-8f90-123456789abc')).toBe('/mission/:id');
    expect(normalisePath('/mission/6f1c2a4e-1b2c-4d3e-8f90-123456789abc/payment?tab=2#top')).toBe(
      '/mission/:id/payment',
    );
    expect(normalisePath('/verify-email?token=abcdef0123456789')).toBe('/verify-email');
    expect(normalisePath('/profile/12345')).toBe('/profile/:id');
    expect(normalisePath('/reinitialiser-mot-de-passe/aZ_9-xYz012345678')).toBe(
      '/reinitialiser-mot-de-passe/:id',
    );
  });
  it('is lowercase, without trailing slash, at most four segments', () => {
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('')).toBe('/');
    expect(normalisePath('/Missions/')).toBe('/missions');
    expect(normalisePath('//admin//chauffeurs')).toBe('/admin/chauffeurs');
    expect(normalisePath('/a/b/c/d/e/f')).toBe('/a/b/c/d');
    expect(normalisePath('/caf%C3%A9')).toBe('/:id');
    expect(normalisePath('https://relais.example/pricing?x=1')).toBe('/pricing');
  });
});

describe('referrer', () => {
  it('keeps only the site, not ours', () => {
    expect(referrerHost('https://www.google.fr/search?q=relais+chauffeur')).toBe('google.fr');
    expect(referrerHost('http://forum.routiers.fr:8080/topic/12')).toBe('forum.routiers.fr');
    expect(referrerHost('https://relais.example/pricing', ['relais.example'])).toBeNull();
    expect(referrerHost('http://127.0.0.1:5194/', ['127.0.0.1:5194'])).toBeNull();
    expect(referrerHost('android-app://com.google.android.gm/')).toBeNull();
    expect(referrerHost('pas une adresse')).toBeNull();
    expect(referrerHost('')).toBeNull();
  });
});

describe('Do Not Track and Global Privacy Control', () => {
  it('read DNT: 1 and Sec-GPC: 1 as a refusal', () => {
    expect(refusesTracking({ dnt: '1' })).toBe(true);
    expect(refusesTracking({ 'sec-gpc': '1' })).toBe(true);
    expect(refusesTracking({ dnt: '0' })).toBe(false);
    expect(refusesTracking({})).toBe(false);
  });
});
