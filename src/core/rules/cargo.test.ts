import { describe, expect, it } from 'vitest';
import { cargoMessages, formatPallets, formatWeightKg, readWeightKg } from './cargo.js';

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('the goods’ weight', () => {
  it('reads tonnes and kilos as people write them', () => {
    expect(readWeightKg('24 t')).toEqual({ kg: 24000 });
    expect(readWeightKg('24,5 t')).toEqual({ kg: 24500 });
    expect(readWeightKg('1.25t')).toEqual({ kg: 1250 });
    expect(readWeightKg('0,8 tonne')).toEqual({ kg: 800 });
    expect(readWeightKg('19 tonnes')).toEqual({ kg: 19000 });
    expect(readWeightKg('800 kg')).toEqual({ kg: 800 });
    expect(readWeightKg('24\u202f000 kg')).toEqual({ kg: 24000 });
    expect(readWeightKg(' 12 500 KG ')).toEqual({ kg: 12500 });
    expect(readWeightKg(26000)).toEqual({ kg: 26000 });
  });

  it('refuses what it cannot read, a bare number, zero and more than 44 t, in French', () => {
    for (const text of ['24', 'vingt t', '24 lbs', '800,5 kg', '1,2345 t', '24.000 kg', ''])
      expect(readWeightKg(text)).toEqual({ message: cargoMessages.weightFormat });
    expect(readWeightKg(12.5)).toEqual({ message: cargoMessages.weightFormat });
    expect(readWeightKg('0 kg')).toEqual({ message: cargoMessages.weightPositive });
    expect(readWeightKg('44 t')).toEqual({ kg: 44000 });
    expect(readWeightKg('44,001 t')).toEqual({ message: cargoMessages.weightTooHigh });
    expect(readWeightKg(60000)).toEqual({ message: cargoMessages.weightTooHigh });
  });

  it('writes it back as the papers print it, and reads that again', () => {
    expect(plain(formatWeightKg(24000))).toBe('24 t');
    expect(plain(formatWeightKg(24500))).toBe('24,5 t');
    expect(plain(formatWeightKg(1250))).toBe('1,25 t');
    expect(plain(formatWeightKg(800))).toBe('800 kg');
    for (const kg of [1, 999, 1000, 1001, 24500, 44000])
      expect(readWeightKg(formatWeightKg(kg))).toEqual({ kg });
    expect(plain(formatPallets(1))).toBe('1 palette');
    expect(plain(formatPallets(33))).toBe('33 palettes');
  });
});
