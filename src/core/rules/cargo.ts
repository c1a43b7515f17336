/**
 * The goods of a mission as the transport order states them (decision 042): their gross weight and the number of
 * pallets, which the standard contracts ask the principal to give the carrier before loading. Both optional.
 */

/**
 * The most a load may weigh: 44 t is the highest gross vehicle weight allowed on French roads without an
 * exceptional-transport permit (5-axle articulated vehicle, article R312-4 du code de la route). The goods weigh
 * less than the loaded vehicle, so no legal ordinary load is refused; a heavier one is an exceptional convoy, which
 * Relais does not offer.
 */
export const CARGO_WEIGHT_MAX_KG = 44_000;
/**
 * Two digits: the biggest loads fit (a double-deck semi-trailer carries 66 Europe pallets, a road train stacked on
 * two levels about 76), a typo with one digit too many does not.
 */
export const PALLET_COUNT_MAX = 99;

export const cargoMessages = {
  weightFormat: 'Poids invalide : écrivez-le en tonnes ou en kilos, par exemple « 24 t » ou « 800 kg »',
  weightPositive: 'Le poids doit être supérieur à 0',
  weightTooHigh:
    'Le poids ne doit pas dépasser 44\u00a0t : c’est le poids total autorisé d’un poids lourd, véhicule compris',
  palletsFormat: 'Indiquez un nombre entier de palettes',
  palletsRange: `Le nombre de palettes doit être compris entre 1 et ${PALLET_COUNT_MAX}`,
} as const;

const WEIGHT = /^(\d+)(?:[.,](\d+))?(kg|kgs|kilos?|kilogrammes?|t|tonnes?)$/;

/**
 * "24 t", "24,5 t", "1.25t", "800 kg", "24 000 kg" → kilograms; a number is kilograms already. The unit is
 * required in text (a bare "24" could be tonnes or kilos); tonnes to the kilo (3 decimals), kilos whole. Returns
 * the French message of what is wrong instead.
 */
export function readWeightKg(value: string | number): { kg: number } | { message: string } {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return { message: cargoMessages.weightFormat };
    return checkedWeight(value);
  }
  // Spaces of every width inside "24 000 kg" or before the unit are dropped.
  const written = value.trim().toLowerCase().replace(/\s+/gu, '');
  const match = WEIGHT.exec(written);
  if (!match) return { message: cargoMessages.weightFormat };
  const [, units, decimals = '', unit] = match;
  const tonnes = unit!.startsWith('t');
  if (decimals.length > (tonnes ? 3 : 0)) return { message: cargoMessages.weightFormat };
  const kg = tonnes ? Number(units) * 1000 + Number(decimals.padEnd(3, '0')) : Number(units);
  return checkedWeight(kg);
}

function checkedWeight(kg: number): { kg: number } | { message: string } {
  if (kg <= 0) return { message: cargoMessages.weightPositive };
  if (kg > CARGO_WEIGHT_MAX_KG) return { message: cargoMessages.weightTooHigh };
  return { kg };
}

/** 24000 → "24 t", 24500 → "24,5 t", 1250 → "1,25 t", 800 → "800 kg": as the papers and the screens write it. */
export function formatWeightKg(kg: number): string {
  if (kg < 1000) return `${kg}\u00a0kg`;
  const tonnes = (kg / 1000)
    .toFixed(3)
    .replace(/\.?0+$/, '')
    .replace('.', ',');
  return `${tonnes}\u00a0t`;
}

/** 1 → "1 palette", 33 → "33 palettes". */
export const formatPallets = (count: number) => `${count}\u00a0palette${count > 1 ? 's' : ''}`;
