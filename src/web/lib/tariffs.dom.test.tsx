import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TARIFFS, formatEuros } from '#core/rules/tariffs.js';
import {
  TARIFF_STORAGE_KEY,
  loadTariffs,
  refreshTariffs,
  resetTariffsForTests,
  saveTariffs,
  useTariffs,
} from './tariffs.js';

describe('tariff settings in browser storage (docs/specification.md §3, §8, §9)', () => {
  beforeEach(() => {
    localStorage.clear();
    resetTariffsForTests();
  });

  it('restores the defaults when nothing is stored, and stores them with version 2.0', () => {
    expect(loadTariffs()).toEqual(DEFAULT_TARIFFS);
    expect(JSON.parse(localStorage.getItem(TARIFF_STORAGE_KEY)!)).toEqual({
      version: '2.0',
      exclTax: 'transporterMonthly,transporterAnnual',
      tariffs: DEFAULT_TARIFFS,
    });
  });

  it('does not read a cache written when the transporters’ prices included the VAT (decision 041)', () => {
    localStorage.setItem(
      TARIFF_STORAGE_KEY,
      JSON.stringify({ version: '2.0', tariffs: { ...DEFAULT_TARIFFS, transporterMonthly: 89.9 } }),
    );
    expect(loadTariffs().transporterMonthly).toBe(74.92);
    expect(JSON.parse(localStorage.getItem(TARIFF_STORAGE_KEY)!).exclTax).toBe(
      'transporterMonthly,transporterAnnual',
    );
  });

  it('restores the defaults for another version, broken JSON or an invalid value', () => {
    localStorage.setItem(
      TARIFF_STORAGE_KEY,
      JSON.stringify({ version: '1.0', tariffs: { ...DEFAULT_TARIFFS, driverPremiumMonthly: 9 } }),
    );
    expect(loadTariffs().driverPremiumMonthly).toBe(14.9);
    localStorage.setItem(TARIFF_STORAGE_KEY, '{not json');
    expect(loadTariffs()).toEqual(DEFAULT_TARIFFS);
    localStorage.setItem(
      TARIFF_STORAGE_KEY,
      JSON.stringify({
        version: '2.0',
        exclTax: 'transporterMonthly,transporterAnnual',
        tariffs: { ...DEFAULT_TARIFFS, transporterAnnual: -5 },
      }),
    );
    expect(loadTariffs()).toEqual(DEFAULT_TARIFFS);
  });

  it('saves valid tariffs and reads them back', () => {
    expect(saveTariffs({ ...DEFAULT_TARIFFS, driverPremiumMonthly: 12.5 })).toBe(true);
    expect(loadTariffs().driverPremiumMonthly).toBe(12.5);
  });

  it('refuses to save a negative tariff (returns false, keeps what was stored)', () => {
    saveTariffs(DEFAULT_TARIFFS);
    expect(saveTariffs({ ...DEFAULT_TARIFFS, driverEliteMonthly: -1 })).toBe(false);
    expect(loadTariffs().driverEliteMonthly).toBe(24.9);
  });
});

describe('the server’s tariffs refresh the browser’s cache', () => {
  const serverTariffs = { ...DEFAULT_TARIFFS, driverPremiumMonthly: 12.5 };
  let answer: () => Promise<Response>;
  const fetchMock = vi.fn((..._args: unknown[]) => answer());

  beforeEach(() => {
    localStorage.clear();
    resetTariffsForTests();
    fetchMock.mockClear();
    answer = async () => new Response(JSON.stringify(serverTariffs), { status: 200 });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  function Price() {
    return <p>{formatEuros(useTariffs().driverPremiumMonthly)}</p>;
  }

  it('shows the cached figure first, then the server’s, and keeps it in the cache (version 2.0)', async () => {
    saveTariffs({ ...DEFAULT_TARIFFS, driverPremiumMonthly: 13 });
    resetTariffsForTests();
    let resolve!: (response: Response) => void;
    answer = () => new Promise<Response>((done) => (resolve = done));
    render(<Price />);
    expect(screen.getByText(/^13,00/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/tariffs', expect.anything());
    await act(async () => resolve(new Response(JSON.stringify(serverTariffs), { status: 200 })));
    expect(await screen.findByText(/^12,50/)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(TARIFF_STORAGE_KEY)!)).toEqual({
      version: '2.0',
      exclTax: 'transporterMonthly,transporterAnnual',
      tariffs: serverTariffs,
    });
    expect(loadTariffs().driverPremiumMonthly).toBe(12.5);
  });

  it('keeps the cache when the server fails or answers nonsense; one call for several price lists', async () => {
    saveTariffs({ ...DEFAULT_TARIFFS, driverPremiumMonthly: 13 });
    answer = async () => new Response('oops', { status: 503 });
    expect((await refreshTariffs(true)).driverPremiumMonthly).toBe(13);
    answer = async () =>
      new Response(JSON.stringify({ ...DEFAULT_TARIFFS, driverPremiumMonthly: -4 }), { status: 200 });
    expect((await refreshTariffs(true)).driverPremiumMonthly).toBe(13);
    expect(loadTariffs().driverPremiumMonthly).toBe(13);

    fetchMock.mockClear();
    answer = async () => new Response(JSON.stringify(serverTariffs), { status: 200 });
    const [first, second] = await Promise.all([refreshTariffs(true), refreshTariffs(true)]);
    expect(first).toEqual(serverTariffs);
    expect(second).toEqual(serverTariffs);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
