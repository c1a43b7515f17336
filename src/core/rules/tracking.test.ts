import { describe, expect, it } from 'vitest';
import {
  HGV_DEFAULT_SPEED_KMH,
  averageSpeedKmh,
  estimateArrival,
  etaSpeedKmh,
  haversineKm,
  isLate,
  remainingRoadKm,
  roundCoordinate,
  routeKm,
  seenAgo,
  shouldKeepPoint,
  tripSummary,
} from './tracking.js';

const paris = { latitude: 48.8566, longitude: 2.3522 };
const lyon = { latitude: 45.764, longitude: 4.8357 };
const t0 = Date.parse('2026-03-02T08:00:00Z');

describe('distance', () => {
  it('Paris → Lyon is about 392 km as the crow flies, 0 from a point to itself', () => {
    expect(haversineKm(paris, lyon)).toBeGreaterThan(390);
    expect(haversineKm(paris, lyon)).toBeLessThan(394);
    expect(haversineKm(paris, paris)).toBe(0);
  });
  it('the road estimate is the straight line times 1.3', () => {
    expect(remainingRoadKm(paris, lyon)).toBeCloseTo(haversineKm(paris, lyon) * 1.3, 6);
  });
  it('a route adds its legs', () => {
    const mid = { latitude: 47.3, longitude: 3.6 };
    expect(routeKm([paris, mid, lyon])).toBeCloseTo(haversineKm(paris, mid) + haversineKm(mid, lyon), 6);
    expect(routeKm([paris])).toBe(0);
  });
  it('coordinates keep 6 decimals', () => {
    expect(roundCoordinate(48.85661234)).toBe(48.856612);
  });
});

describe('sampling: a point every 30 s or every 200 m, whichever comes first', () => {
  const last = { ...paris, recordedAt: t0 };
  // 0.001° of latitude is about 111 m.
  const moved = (degrees: number, seconds: number) => ({
    latitude: paris.latitude + degrees,
    longitude: paris.longitude,
    recordedAt: t0 + seconds * 1000,
  });
  it('keeps the first fix', () => expect(shouldKeepPoint(null, last)).toBe(true));
  it('drops a fix 10 s and 111 m later', () => expect(shouldKeepPoint(last, moved(0.001, 10))).toBe(false));
  it('keeps a fix 10 s and 222 m later', () => expect(shouldKeepPoint(last, moved(0.002, 10))).toBe(true));
  it('keeps a fix 30 s later without moving', () => expect(shouldKeepPoint(last, moved(0, 30))).toBe(true));
  it('drops a fix 29 s later without moving', () => expect(shouldKeepPoint(last, moved(0, 29))).toBe(false));
  it('drops a vague fix', () =>
    expect(shouldKeepPoint(last, { ...moved(0.01, 60), accuracy: 5000 })).toBe(false));
});

describe('average speed and ETA', () => {
  // 100 km in 1 h 15: 80 km/h.
  const route = [
    { ...paris, recordedAt: t0 },
    { latitude: paris.latitude - 100 / 111.2, longitude: paris.longitude, recordedAt: t0 + 75 * 60_000 },
  ];
  it('is the route over the time', () => {
    expect(averageSpeedKmh(route)).toBeCloseTo(80, 0);
  });
  it('says nothing for a trip too short', () => {
    expect(averageSpeedKmh([route[0]!, { ...paris, recordedAt: t0 + 5 * 60_000 }])).toBeNull();
    expect(averageSpeedKmh([route[0]!])).toBeNull();
  });
  it('uses the HGV default without an average, and bounds a measured one', () => {
    expect(etaSpeedKmh(null)).toBe(HGV_DEFAULT_SPEED_KMH);
    expect(etaSpeedKmh(12)).toBe(40);
    expect(etaSpeedKmh(130)).toBe(85);
    expect(etaSpeedKmh(72)).toBe(72);
  });
  it('arrives after the remaining distance at that speed, from the last point or now if later', () => {
    expect(estimateArrival(130, t0, null, t0).getTime()).toBe(t0 + 2 * 3_600_000);
    expect(estimateArrival(80, t0, 80, t0 + 3_600_000).getTime()).toBe(t0 + 2 * 3_600_000);
  });
});

describe('late', () => {
  const end = t0 + 8 * 3_600_000;
  it('when the ETA is after the planned end', () => {
    expect(isLate(new Date(end + 60_000), end, t0)).toBe(true);
    expect(isLate(new Date(end - 60_000), end, t0)).toBe(false);
  });
  it('without an ETA, when the planned end has passed', () => {
    expect(isLate(null, end, end + 1)).toBe(true);
    expect(isLate(null, end, end - 1)).toBe(false);
  });
});

describe('trip summary and wording', () => {
  it('sums up the points', () => {
    const summary = tripSummary([
      { ...paris, recordedAt: t0 },
      { ...lyon, recordedAt: t0 + 300 * 60_000 },
    ]);
    expect(summary.pointCount).toBe(2);
    expect(summary.durationMinutes).toBe(300);
    expect(summary.distanceKm).toBeCloseTo(haversineKm(paris, lyon), 0);
    expect(summary.firstAt).toBe(new Date(t0).toISOString());
    expect(tripSummary([]).pointCount).toBe(0);
  });
  it('says when it was seen', () => {
    expect(seenAgo(t0, t0 + 20_000)).toBe('à l’instant');
    expect(seenAgo(t0, t0 + 2 * 60_000)).toBe('il y a 2 min');
    expect(seenAgo(t0, t0 + 65 * 60_000)).toBe('il y a 1 h 05');
    expect(seenAgo(t0, t0 + 50 * 3_600_000)).toBe('il y a 2 j');
  });
});
