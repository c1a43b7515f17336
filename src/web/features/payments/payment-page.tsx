import { ArrowLeft, Banknote } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { ApiError } from '#web/lib/api.js';
import { buttonClasses } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useMissionPayment } from './api.js';
import { InvoiceBlockers } from './billing-form.js';
import { PaymentActions } from './payment-actions.js';
import { PaymentDocuments } from './payment-documents.js';
import { PaymentSummary } from './payment-summary.js';
import { PaymentTimeline } from './payment-timeline.js';
import { StripePanel } from './stripe-panel.js';
import { useStripeReturn } from './stripe-return.js';

/** Not open yet (409: the mission is not completed), or not the viewer's: said plainly, with the way back. */
function Unavailable({ missionId, error }: { missionId: string; error: unknown }) {
  const notYet = error instanceof ApiError && error.status === 409;
  return (
    <>
      <PageHeader title="Règlement de la mission" />
      <EmptyState
        icon={Banknote}
        title={notYet ? 'Règlement pas encore ouvert' : 'Règlement introuvable'}
        action={
          <Link href={notYet ? `/mission/${missionId}` : '/missions'} className={buttonClasses('primary')}>
            {notYet ? 'Retour à la mission' : 'Mes missions'}
          </Link>
        }
      >
        <p>
          {error instanceof ApiError && error.message
            ? error.message
            : 'Ce règlement n’a pas pu être chargé. Réessayez dans un instant.'}
        </p>
      </EmptyState>
    </>
  );
}

/**
 * /mission/:id/payment: for the two parties of a completed mission, what is owed, how and by when, the steps,
 * the documents, what keeps the invoice from being issued, and what each may do now.
 */
export function MissionPaymentPage() {
  const { id } = useParams<{ id: string }>();
  const polling = useStripeReturn(id);
  const query = useMissionPayment(id, polling);
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) return <Unavailable missionId={id} error={query.error} />;
  const payment = query.data;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Règlement de la mission" />
      <p className="-mt-4 mb-5">
        <Link
          href={`/mission/${payment.missionId}`}
          className="user-text inline-flex items-center gap-1 font-semibold text-accent underline"
        >
          <ArrowLeft className="h-4 w-4 shrink-0" aria-hidden="true" />
          {payment.missionTitle}
        </Link>
      </p>
      <div className="space-y-5">
        <PaymentSummary payment={payment} />
        <PaymentActions payment={payment} />
        <StripePanel payment={payment} />
        <InvoiceBlockers payment={payment} />
        <PaymentDocuments payment={payment} />
        <PaymentTimeline payment={payment} />
      </div>
    </div>
  );
}
