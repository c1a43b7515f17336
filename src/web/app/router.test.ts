import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '#core/prerendered-pages.js';
import { PRERENDERED_ROUTES } from './router.js';

describe('prerendered pages', () => {
  it('each has its page code preloaded before hydration', () => {
    // A prerendered page missing here would be thrown away and rendered again at hydration.
    expect(Object.keys(PRERENDERED_ROUTES).sort()).toEqual(Object.keys(PRERENDERED_PAGES).sort());
  });
});
