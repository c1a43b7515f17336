export function ReportBugPage() {
  return null;
}
