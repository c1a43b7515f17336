export function DriverHelpPage() {
  return null;
}
export function TransporterHelpPage() {
  return null;
}
