import { describe, expect, it } from 'vitest';
import { choiceFromSearch, searchForChoice } from './api.js';

const read = (query: string) => choiceFromSearch(new URLSearchParams(query));

describe('the period kept in the page address', () => {
  it('reads the presets and a valid custom range', () => {
    expect(read('')).toEqual({ period: '30d' });
    expect(read('period=90d')).toEqual({ period: '90d' });
    expect(read('period=12m&from=2026-01-01')).toEqual({ period: '12m' });
    expect(read('period=custom&from=2026-03-10&to=2026-03-31')).toEqual({
      period: 'custom',
      from: '2026-03-10',
      to: '2026-03-31',
    });
  });
  it('falls back to 30 jours on anything unknown or incomplete', () => {
    for (const query of [
      'period=week',
      'period=custom',
      'period=custom&from=2026-03-10',
      'period=custom&from=2026-03-31&to=2026-03-10',
      'period=custom&from=2026-02-30&to=2026-03-10',
      'period=custom&from=nope&to=2026-03-10',
      'period=custom&from=2020-01-01&to=2026-03-10',
    ])
      expect(read(query), query).toEqual({ period: '30d' });
  });
  it('writes nothing for 30 jours, the period and its days otherwise, and reads back what it wrote', () => {
    expect(searchForChoice({ period: '30d' }).toString()).toBe('');
    expect(searchForChoice({ period: 'ytd' }).toString()).toBe('period=ytd');
    const custom = { period: 'custom', from: '2026-03-10', to: '2026-03-31' } as const;
    expect(searchForChoice(custom).toString()).toBe('period=custom&from=2026-03-10&to=2026-03-31');
    expect(choiceFromSearch(searchForChoice(custom))).toEqual(custom);
  });
});
