import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limit.js';

describe('addressKey', () => {
  it('counts an IPv4 address as it is, mapped or not', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts the addresses of one IPv6 /64 network as one client', () => {
    const one = addressKey('2001:db8:1:2::1');
    expect(addressKey('2001:db8:1:2::28')).toBe(one);
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(one);
    expect(addressKey('2001:db8:1:2:0:0:0:9%eth0')).toBe(one);
    expect(one).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(one);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
