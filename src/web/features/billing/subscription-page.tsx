import { PageHeader } from '#web/ui/empty-state.js';

export function SubscriptionPage() {
  return <PageHeader title="Mon abonnement" />;
}
