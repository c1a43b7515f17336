/**
 * How a member's reputation reads: the score (0 to 5) once reviews exist; until then, no number that looks like
 * a bad mark. A score of 0 means none yet (the formula is in rules/reviews.ts, reputationScore); with the count
 * of reviews, it says how many it rests on.
 */
export function reputationLabel(score: string | number, count?: number): string {
  const value = Number(score);
  if (!Number.isFinite(value) || value <= 0 || count === 0) return 'Pas encore d’avis';
  const label = `Réputation ${value.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} / 5`;
  if (count === undefined) return label;
  return `${label} · ${count.toLocaleString('fr-FR')} avis`;
}
