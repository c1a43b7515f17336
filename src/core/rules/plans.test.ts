import { describe, expect, it } from 'vitest';
import { applicationsLeft, applicationsLeftLabel, monthlyApplicationLimit } from './plans.js';

describe('plan rules', () => {
  it('limits Freemium to 3 applications a month and leaves paid plans unlimited', () => {
    expect(monthlyApplicationLimit('basic')).toBe(3);
    expect(monthlyApplicationLimit('premium')).toBeNull();
    expect(monthlyApplicationLimit('elite')).toBeNull();
    expect(applicationsLeft('basic', 1)).toBe(2);
    expect(applicationsLeft('basic', 5)).toBe(0);
    expect(applicationsLeft('premium', 50)).toBeNull();
  });
  it('says what is left in French', () => {
    expect(applicationsLeftLabel(2)).toBe('2 candidatures restantes ce mois-ci');
    expect(applicationsLeftLabel(1)).toBe('1 candidature restante ce mois-ci');
    expect(applicationsLeftLabel(0)).toBe('Aucune candidature restante ce mois-ci');
    expect(applicationsLeftLabel(null)).toBe('Candidatures illimitées');
  });
});
