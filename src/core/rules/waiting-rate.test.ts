import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missionCharges } from './charges.js';
import {
  franchiseLabel,
  quartersBeyondFranchise,
  waitingCharge,
  waitingRateOf,
  waitingRateText,
} from './waiting-rate.js';

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('the waiting beyond the franchise', () => {
  it('counts every started quarter of an hour past the franchise, nothing within it', () => {
    expect(quartersBeyondFranchise(100, 60)).toBe(3); // 1 h 40 with 1 h free: 40 min → 3 started quarters
    expect(quartersBeyondFranchise(60, 60)).toBe(0);
    expect(quartersBeyondFranchise(61, 60)).toBe(1);
    expect(quartersBeyondFranchise(75, 60)).toBe(1);
    expect(quartersBeyondFranchise(76, 60)).toBe(2);
    expect(quartersBeyondFranchise(20, 60)).toBe(0);
    expect(quartersBeyondFranchise(1, 0)).toBe(1);
    expect(quartersBeyondFranchise(0, 0)).toBe(0);
  });

  it('never bills less than the time waited past the franchise, nor a quarter more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 60 }),
        fc.constantFrom(0, 30, 60, 90, 120),
        (minutes, free) => {
          const quarters = quartersBeyondFranchise(minutes, free);
          const beyond = Math.max(0, minutes - free);
          return quarters * 15 >= beyond && (quarters === 0 || (quarters - 1) * 15 < beyond);
        },
      ),
    );
  });

  it('gives each operation its own franchise: the pickup’s and the delivery’s', () => {
    const rate = { franchiseMinutes: 60, quarterHourCents: 1250 };
    const charge = waitingCharge({ pickupMinutes: 100, deliveryMinutes: 70 }, rate);
    expect(charge).toMatchObject({ pickupQuarters: 3, deliveryQuarters: 1, quarters: 4, amountCents: 5000 });
    expect(plain(charge.detail)).toBe('4 quarts d’heure commencés × 12,50 €');
    // Two waits of 50 min, each within its hour: nothing.
    expect(waitingCharge({ pickupMinutes: 50, deliveryMinutes: 50 }, rate).amountCents).toBe(0);
    expect(plain(waitingCharge({ pickupMinutes: 61, deliveryMinutes: 0 }, rate).detail)).toBe(
      '1 quart d’heure commencé × 12,50 €',
    );
  });

  it('reads the rate a mission was published with, or none', () => {
    expect(waitingRateOf({ waitingFranchiseMinutes: 60, waitingQuarterPrice: '12.50' })).toEqual({
      franchiseMinutes: 60,
      quarterHourCents: 1250,
    });
    expect(waitingRateOf({ waitingFranchiseMinutes: null, waitingQuarterPrice: null })).toBeNull();
  });

  it('says the rate in French', () => {
    expect(plain(waitingRateText({ franchiseMinutes: 60, quarterHourCents: 1250 }))).toBe(
      '12,50 € HT par quart d’heure commencé au-delà d’une franchise de 1 h par opération (chargement, livraison)',
    );
    expect(plain(waitingRateText({ franchiseMinutes: 90, quarterHourCents: 900 }))).toContain(
      'franchise de 1 h 30 par opération',
    );
    expect(plain(waitingRateText({ franchiseMinutes: 0, quarterHourCents: 900 }))).toBe(
      '9,00 € HT par quart d’heure commencé, dès le début de l’attente (sans franchise)',
    );
    expect([0, 30, 60, 90, 120].map(franchiseLabel)).toEqual(['Aucune', '30 min', '1 h', '1 h 30', '2 h']);
  });
});

describe('what a mission owes, waiting included', () => {
  const mission = {
    pricingType: 'flat',
    price: '420.00',
    startDate: '2026-11-23T06:00:00Z',
    endDate: '2026-11-23T16:00:00Z',
    startedAt: null,
    deliveredAt: null,
    waitingFranchiseMinutes: 60,
    waitingQuarterPrice: '12.50',
  };

  it('adds the waiting beyond the franchise to the price, then the VAT on the sum', () => {
    const charges = missionCharges(mission, { pickupMinutes: 100, deliveryMinutes: 0 }, 'normal');
    expect(charges.owed.amountCents).toBe(42000);
    expect(charges.waiting).toMatchObject({ quarters: 3, amountCents: 3750 });
    // 420,00 + 37,50 = 457,50 € HT; 91,50 € of VAT; 549,00 € TTC.
    expect(charges.vat).toEqual({ netCents: 45750, vatCents: 9150, grossCents: 54900, ratePercent: 20 });
    expect(
      missionCharges(mission, { pickupMinutes: 100, deliveryMinutes: 0 }, 'franchise').vat,
    ).toMatchObject({
      netCents: 45750,
      vatCents: 0,
      grossCents: 45750,
    });
  });

  it('without a waiting rate, the waiting recorded changes nothing', () => {
    const charges = missionCharges(
      { ...mission, waitingFranchiseMinutes: null, waitingQuarterPrice: null },
      { pickupMinutes: 300, deliveryMinutes: 300 },
      null,
    );
    expect(charges.waiting).toBeNull();
    expect(charges.vat.grossCents).toBe(42000);
  });
});
