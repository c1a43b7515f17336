export function AvailabilityPage() {
  return null;
}
