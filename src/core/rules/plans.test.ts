import { describe, expect, it } from 'vitest';
import {
  applicationsLeft,
  applicationsLeftLabel,
  isMissionCoordination,
  monthlyApplicationLimit,
  planSummary,
} from './plans.js';

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

describe('messages that run a mission', () => {
  const mission = {
    status: 'in_progress',
    companyId: 'transporteur',
    driverId: 'chauffeur',
    completedAt: null as Date | null,
  };
  it('are coordination both ways between the two parties while the mission is assigned or under way', () => {
    for (const status of ['assigned', 'in_progress', 'delivered'])
      expect(isMissionCoordination({ ...mission, status }, 'chauffeur', 'transporteur')).toBe(true);
    expect(isMissionCoordination(mission, 'transporteur', 'chauffeur')).toBe(true);
  });

  it('until 48 h after completion, not after, and never with someone else or before a driver is chosen', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const completed = (hoursAgo: number) => ({
      ...mission,
      status: 'completed',
      completedAt: new Date(now.getTime() - hoursAgo * 3600_000),
    });
    expect(isMissionCoordination(completed(47), 'chauffeur', 'transporteur', now)).toBe(true);
    expect(isMissionCoordination(completed(49), 'chauffeur', 'transporteur', now)).toBe(false);
    expect(isMissionCoordination(mission, 'chauffeur', 'autre')).toBe(false);
    expect(
      isMissionCoordination({ ...mission, status: 'available', driverId: null }, 'x', 'transporteur'),
    ).toBe(false);
    expect(isMissionCoordination({ ...mission, status: 'cancelled' }, 'chauffeur', 'transporteur')).toBe(
      false,
    );
  });
});

describe('plans in each role’s words', () => {
  it('tells a transporter nothing about applications', () => {
    expect(planSummary('transporter', 'basic')).toEqual({
      name: 'Gratuit',
      limits: ['Publication de missions sans limite', '5 messages par jour'],
    });
    expect(planSummary('driver', 'basic')).toEqual({
      name: 'Freemium',
      limits: ['3 candidatures par mois', '5 messages par jour'],
    });
    expect(planSummary('driver', 'premium').limits).toEqual([
      'Candidatures illimitées',
      'Messages illimités',
    ]);
  });
});
