import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  const problemsOf = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    return expect.unreachable('loadConfig accepted a bad environment');
  };

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

  it('works jobs unless JOBS_WORKER=false', () => {
    expect(loadConfig({}).jobs.worker).toBe(true);
    expect(loadConfig({ JOBS_WORKER: 'false' }).jobs.worker).toBe(false);
    expect(() => loadConfig({ JOBS_WORKER: 'no' })).toThrow(/JOBS_WORKER: must be true or false/);
  });

  it('believes X-Forwarded-For as far as TRUST_PROXY says: none, listed proxies, or all', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.2' }).trustProxy).toBe('10.0.0.0/8, 192.168.1.2');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
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

  describe('S3 storage', () => {
    const s3 = {
      S3_URL: 'https://s3.fr-par.scw.cloud',
      S3_BUCKET: 'relais-documents',
      S3_ACCESS_KEY_ID: 'SCWKEY',
      S3_SECRET_ACCESS_KEY: 'secret',
    };

    it('keeps files on the local disk when nothing is set', () => {
      expect(loadConfig({}).s3).toBeNull();
    });

    it('reads a full configuration, with region and path style defaults', () => {
      expect(loadConfig(s3).s3).toEqual({
        url: 'https://s3.fr-par.scw.cloud',
        bucket: 'relais-documents',
        region: 'us-east-1',
        accessKeyId: 'SCWKEY',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      });
      const custom = loadConfig({ ...s3, S3_REGION: 'fr-par', S3_FORCE_PATH_STYLE: 'false' }).s3;
      expect(custom).toMatchObject({ region: 'fr-par', forcePathStyle: false });
    });

    it('stops on a partial configuration, naming every missing variable', () => {
      const problems = problemsOf({ S3_URL: s3.S3_URL, S3_BUCKET: s3.S3_BUCKET });
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^S3_ACCESS_KEY_ID: required when S3_URL, S3_BUCKET are set/);
      expect(problems[1]).toMatch(/^S3_SECRET_ACCESS_KEY: required/);
      // An optional one alone is a partial configuration too: the bucket was meant and is missing.
      expect(problemsOf({ S3_REGION: 'fr-par' })).toHaveLength(4);
      // Empty values count as unset.
      expect(loadConfig({ S3_URL: '', S3_BUCKET: '' }).s3).toBeNull();
    });

    it('refuses bad values, listed with the other problems', () => {
      const problems = problemsOf({
        ...s3,
        S3_URL: 'ftp://s3.example',
        S3_BUCKET: 'Mon_Bucket',
        S3_FORCE_PATH_STYLE: 'yes',
        PORT: 'abc',
      }).join('\n');
      expect(problems).toContain('S3_URL: must be an http:// or https:// URL');
      expect(problems).toContain('S3_BUCKET: must be a bucket name');
      expect(problems).toContain('S3_FORCE_PATH_STYLE: must be true or false');
      expect(problems).toContain('PORT');
      expect(problemsOf({ S3_URL: 'http://127.0.0.1:4569' }).join('\n')).toContain('S3_BUCKET: required');
    });
  });

  describe('SMS (decision 051)', () => {
    const sms = {
      SMS_API_KEY: 'xkeysib-abc',
      SMS_SENDER: 'Relais',
      SMS_WEBHOOK_SECRET: 'a-secret-of-16-chars',
    };

    it('sends none when nothing is set', () => {
      expect(loadConfig({}).sms).toBeNull();
    });

    it('reads the three variables, Brevo by default or another endpoint', () => {
      expect(loadConfig(sms).sms).toEqual({
        apiKey: 'xkeysib-abc',
        sender: 'Relais',
        webhookSecret: 'a-secret-of-16-chars',
        apiUrl: 'https://api.brevo.com',
      });
      expect(loadConfig({ ...sms, SMS_API_URL: 'http://127.0.0.1:12190/' }).sms?.apiUrl).toBe(
        'http://127.0.0.1:12190',
      );
    });

    it('stops on a partial or bad configuration', () => {
      const problems = problemsOf({ SMS_API_KEY: 'xkeysib-abc' });
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^SMS_SENDER: required when SMS_API_KEY is set/);
      expect(problemsOf({ ...sms, SMS_SENDER: 'Relais Transport' }).join('\n')).toContain(
        'SMS_SENDER: must be',
      );
      expect(problemsOf({ ...sms, SMS_WEBHOOK_SECRET: 'court' }).join('\n')).toContain('SMS_WEBHOOK_SECRET');
    });
  });
});
