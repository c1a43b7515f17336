import { PageHeader } from '#web/ui/empty-state.js';

/** /delivery-tracking: every mission in progress of a transporter, on one map and in a list (issue 15: being built). */
export function DeliveryTrackingPage() {
  return <PageHeader title="Suivi des livraisons" />;
}
