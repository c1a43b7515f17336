import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.session.secureCookie).toBe(false);
  });

  it('marks the cookie Secure when the public URL is https', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://relais.example.fr/' });
    expect(config.session.secureCookie).toBe(true);
    expect(config.allowedOrigins).toEqual(['https://relais.example.fr']);
  });

  it('multiplies the brute-force limits when asked (end-to-end runs)', () => {
    expect(loadConfig({}).rateLimits.registerPerIp.limit).toBe(10);
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: '100' }).rateLimits.registerPerIp.limit).toBe(1000);
  });

  it('lists every bad key, not only the first', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable('loadConfig accepted a bad environment');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('LOG_LEVEL');
    }
  });
});
