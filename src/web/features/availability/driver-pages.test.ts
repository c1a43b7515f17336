import { describe, expect, it } from 'vitest';
import { nextDriverPage } from './api.js';

describe('nextDriverPage (« Voir plus de chauffeurs »)', () => {
  it('asks for the next page while the pages read hold fewer drivers than found', () => {
    expect(nextDriverPage({ page: 1, pageSize: 20, total: 34 })).toBe(2);
    expect(nextDriverPage({ page: 2, pageSize: 20, total: 41 })).toBe(3);
  });
  it('stops on the last page, a full one included', () => {
    expect(nextDriverPage({ page: 2, pageSize: 20, total: 34 })).toBeUndefined();
    expect(nextDriverPage({ page: 1, pageSize: 20, total: 20 })).toBeUndefined();
    expect(nextDriverPage({ page: 1, pageSize: 20, total: 0 })).toBeUndefined();
  });
});
