import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordCostFor, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  afterAll(() => setPasswordCostFor('production'));

  it('are made at full cost in production and development, cheaper only under NODE_ENV=test', async () => {
    setPasswordCostFor('production');
    expect(await hashPassword('secret123')).toMatch(/^scrypt\$16384\$8\$1\$/);
    setPasswordCostFor('development');
    expect(await hashPassword('secret123')).toMatch(/^scrypt\$16384\$8\$1\$/);
    setPasswordCostFor('test');
    expect(await hashPassword('secret123')).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

  it('verify with the parameters they carry, whatever the current cost', async () => {
    setPasswordCostFor('production');
    const strong = await hashPassword('secret123');
    setPasswordCostFor('test');
    const light = await hashPassword('secret123');
    expect(await verifyPassword('secret123', strong)).toBe(true);
    setPasswordCostFor('production');
    expect(await verifyPassword('secret123', light)).toBe(true);
    expect(await verifyPassword('secret124', strong)).toBe(false);
    expect(await verifyPassword('secret124', light)).toBe(false);
  });
});
