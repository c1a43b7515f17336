import { PageHeader } from '#web/ui/empty-state.js';

export function MissionPaymentPage() {
  return <PageHeader title="Règlement de la mission" />;
}
