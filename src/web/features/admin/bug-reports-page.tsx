export function AdminBugReportsPage() {
  return null;
}
