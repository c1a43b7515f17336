import { PageHeader } from '#web/ui/empty-state.js';

export function AdminSubscriptionsPage() {
  return <PageHeader title="Abonnements" />;
}
