import { PageHeader } from '#web/ui/empty-state.js';

/** /mission/{id}/review: each party reviews the other once after completion (issue 15: being built). */
export function MissionReviewPage() {
  return <PageHeader title="Laisser un avis" />;
}
