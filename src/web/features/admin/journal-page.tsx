import { PageHeader } from '#web/ui/empty-state.js';

/** Placeholder slot of issue 17 (replaced by its feature before the issue closes). */
export function AdminJournalPage() {
  return <PageHeader title="/admin/journal" />;
}
