/** A member's badges on their profile, with what each means (issue 15: being built). */
export function BadgesSection(_props: { userId: string }) {
  return null;
}
