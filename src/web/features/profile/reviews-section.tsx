/** A member's published reviews on their profile (issue 15: being built). */
export function ReviewsSection(_props: { userId: string }) {
  return null;
}
