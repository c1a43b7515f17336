import { PageHeader } from '#web/ui/empty-state.js';

/** /mission/{id}/tracking: the live map of one mission (issue 15: being built). */
export function MissionTrackingPage() {
  return <PageHeader title="Suivi de mission" />;
}
