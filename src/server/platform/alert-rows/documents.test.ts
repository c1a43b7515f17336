import { describe, expect, it } from 'vitest';
import { alertsFor } from './index.js';

describe('document alerts', () => {
  it('an expiring document alerts the driver, and the transporter of a mission it runs into', () => {
    const rows = alertsFor({
      type: 'document.expiring',
      documentId: 'd1',
      driverId: 'driver',
      documentLabel: 'FCO',
      expiresOn: '2027-03-12',
      daysLeft: 7,
      missions: [
        { missionId: 'm1', companyId: 'company', title: 'Rungis → Lille', driverName: 'Jean Routier' },
      ],
    });
    expect(rows.map((row) => [row.userId, row.type, row.title, row.message])).toEqual([
      [
        'driver',
        'document',
        'Document bientôt expiré',
        'FCO expire dans 7 jours, le 12/03/2027. Ajoutez la nouvelle version dans Mes documents.',
      ],
      [
        'company',
        'document',
        'Document du chauffeur bientôt expiré',
        'FCO de Jean Routier expire dans 7 jours, le 12/03/2027, pendant « Rungis → Lille ».',
      ],
    ]);
    expect(rows[1]!.link).toBe('/mission/m1');
  });

  it('a review and a validation step tell the driver, with the reason', () => {
    const [rejected] = alertsFor({
      type: 'document.reviewed',
      documentId: 'd1',
      driverId: 'driver',
      documentLabel: 'Permis de conduire',
      decision: 'rejected',
      reason: 'Photo floue',
    });
    expect(rejected!.message).toContain('Motif : Photo floue');
    const [refused] = alertsFor({
      type: 'driver.validation',
      driverId: 'driver',
      step: 'rejected',
      interviewDate: null,
      reason: 'Dossier incomplet',
    });
    expect(refused).toMatchObject({ title: 'Profil non validé', link: '/documents' });
  });
});
