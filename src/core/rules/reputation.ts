/**
 * How a member's reputation reads: the score (0 to 5) once reviews exist; until then, no number that looks like
 * a bad mark. Reviews themselves arrive with their own feature; a score of 0 means none yet.
 */
export function reputationLabel(score: string | number): string {
  const value = Number(score);
  if (!Number.isFinite(value) || value <= 0) return 'Pas encore d’avis';
  return `Réputation ${value.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} / 5`;
}
