import { describe, expect, it } from 'vitest';
import { ROLE_LABELS, roleOf } from './roles.js';

describe('roles', () => {
  it('maps the registration word "company" to the transporter role', () => {
    expect(roleOf({ userType: 'company', isAdmin: false })).toBe('transporter');
    expect(roleOf({ userType: 'driver', isAdmin: false })).toBe('driver');
    expect(roleOf({ userType: 'admin', isAdmin: true })).toBe('admin');
    expect(roleOf({ userType: 'driver', isAdmin: true })).toBe('admin');
  });

  it('labels roles in French', () => {
    expect(ROLE_LABELS.driver).toBe('Chauffeur');
    expect(ROLE_LABELS.transporter).toBe('Transporteur');
  });
});
