import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsent } from './consent.js';

/** The beacons the tracker hands to the browser (sendBeacon is the browser's; jsdom has none). */
const sent: Array<{ consent: boolean; visitorId?: string; events: Array<{ type: string; path: string }> }> =
  [];

async function freshTracker() {
  vi.resetModules();
  return import('./site-analytics.js');
}

describe('site analytics tracker in the browser', () => {
  beforeEach(() => {
    sent.length = 0;
    localStorage.clear();
    sessionStorage.clear();
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, body: string) => {
        sent.push(JSON.parse(body) as (typeof sent)[number]);
        return true;
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts each page at the path it was for, even when the tracker runs after the visitor moved on', async () => {
    const tracker = await freshTracker();
    // The module loads apart: by the time the first route change's call runs, the address is already further.
    history.pushState(null, '', '/mentions-legales');
    tracker.trackPageView('/');
    tracker.trackPageView('/pricing');
    tracker.trackPageView('/mentions-legales');
    tracker.trackPageView('/mentions-legales');
    tracker.flush();
    expect(sent.flatMap((b) => b.events.map((e) => e.path))).toEqual(['/', '/pricing', '/mentions-legales']);
  });

  it('sends ids only with consent, and a refusal deletes them', async () => {
    const tracker = await freshTracker();
    setConsent('accepted');
    tracker.trackPageView('/');
    tracker.flush();
    const visitorId = localStorage.getItem('relais-visitor');
    expect(visitorId).toBeTruthy();
    expect(sent[0]).toMatchObject({ consent: true, visitorId });

    setConsent('rejected');
    expect(localStorage.getItem('relais-visitor')).toBeNull();
    tracker.trackPageView('/pricing');
    tracker.flush();
    expect(sent[1]).toEqual({ consent: false, events: [expect.objectContaining({ path: '/pricing' })] });
  });

  it('sends on its own 5 seconds after a page view', async () => {
    vi.useFakeTimers();
    const tracker = await freshTracker();
    tracker.trackPageView('/');
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(1);
  });
});
