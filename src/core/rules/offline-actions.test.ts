import { describe, expect, it } from 'vitest';
import { actionTime, offlineActionMessages } from './offline-actions.js';

const now = new Date('2026-11-29T10:00:00Z');
const at = (minutesFromNow: number) => new Date(now.getTime() + minutesFromNow * 60_000);

describe('the time of an action sent after a loss of network', () => {
  it('is now without a time, and the phone’s time when given', () => {
    expect(actionTime(undefined, now)).toEqual({ at: now });
    expect(actionTime(at(-45), now)).toEqual({ at: at(-45) });
  });

  it('accepts a phone a little ahead (never later than now), refuses one far ahead', () => {
    expect(actionTime(at(3), now)).toEqual({ at: now });
    expect(actionTime(at(6), now)).toEqual({ message: offlineActionMessages.future });
  });

  it('refuses a time older than the queue keeps actions', () => {
    expect(actionTime(at(-11 * 60), now)).toEqual({ at: at(-11 * 60) });
    expect(actionTime(at(-13 * 60), now)).toEqual({ message: offlineActionMessages.tooOld });
  });

  it('never places an action before what it follows', () => {
    const started = at(-30);
    expect(actionTime(at(-40), now, started)).toEqual({ at: started });
    expect(actionTime(at(-20), now, started)).toEqual({ at: at(-20) });
    expect(actionTime(undefined, now, started)).toEqual({ at: now });
  });
});
