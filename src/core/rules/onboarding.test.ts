import { describe, expect, it } from 'vitest';
import { onboardingSteps } from './onboarding.js';

const newcomer = { emailVerified: false, currentLocation: null, vehicleTypes: [] };

describe('Pour bien démarrer', () => {
  it('ticks each step from the account’s real state', () => {
    expect(onboardingSteps('driver', newcomer, false).map((step) => step.done)).toEqual([
      false,
      false,
      false,
    ]);
    const settled = { emailVerified: true, currentLocation: 'Rungis', vehicleTypes: ['porteur'] };
    expect(onboardingSteps('driver', settled, true).every((step) => step.done)).toBe(true);
    // A city without vehicles is not a complete driver profile; a transporter needs the city only.
    expect(onboardingSteps('driver', { ...settled, vehicleTypes: [] }, true)[1]!.done).toBe(false);
    expect(onboardingSteps('transporter', { ...settled, vehicleTypes: [] }, true)[1]!.done).toBe(true);
  });

  it('points each step still to do to the page that does it', () => {
    const steps = onboardingSteps('transporter', newcomer, false);
    expect(steps.map((step) => step.href)).toEqual([null, '/profile', '/missions']);
    expect(steps[2]!.label).toBe('Publiez votre première mission.');
  });
});
