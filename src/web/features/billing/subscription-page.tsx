import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useSession } from '#web/lib/session.js';
import { ME_KEY } from '#web/lib/query-client.js';
import { buttonClasses } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { useSubscription } from './api.js';
import { CurrentPlan, Usage } from './current-plan.js';
import { Invoices } from './invoices.js';
import { PendingRequest, PlanChooser } from './plan-chooser.js';

const POLL_MS = 12_000;

/**
 * Back from Stripe Checkout (`?paiement=ok` or `?paiement=annule`): says so once, drops the parameter, and reads
 * the plan again for a few seconds (it changes only when Stripe's webhook confirms the payment).
 */
function usePaymentReturn(): boolean {
  const search = useSearch();
  const [, navigate] = useLocation();
  const toast = useToast();
  const [polling, setPolling] = useState(false);
  const handled = useRef(false);
  const queryClient = useQueryClient();
  const outcome = new URLSearchParams(search).get('paiement');
  useEffect(() => {
    if (!outcome || handled.current) return;
    handled.current = true;
    if (outcome === 'ok') {
      toast({
        title: 'Paiement reçu',
        description: 'Votre formule s’active dès la confirmation de Stripe.',
        variant: 'success',
      });
      setPolling(true);
    } else if (outcome === 'annule') {
      toast({ title: 'Paiement annulé', description: 'Votre formule n’a pas changé.' });
    }
    navigate('/driver/subscription', { replace: true });
  }, [outcome, navigate, toast]);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => {
      setPolling(false);
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [polling, queryClient]);
  return polling;
}

/** /driver/subscription: the holder's plan and usage, the ways to change it, and the subscription's invoices. */
export function SubscriptionPage() {
  const { user } = useSession();
  const polling = usePaymentReturn();
  const query = useSubscription(polling);
  const queryClient = useQueryClient();
  const plan = query.data?.plan;
  // The plan changed elsewhere (an administrator, Stripe): the session, which other pages read, follows.
  useEffect(() => {
    if (plan && user && plan !== user.subscriptionPlan)
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
  }, [plan, user, queryClient]);
  if (!user) return null;
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data)
    return (
      <>
        <PageHeader title="Mon abonnement" />
        <EmptyState
          icon={CreditCard}
          title="Abonnement indisponible"
          action={
            <Link href="/pricing" className={buttonClasses('secondary')}>
              Plans & Tarifs
            </Link>
          }
        >
          <p>
            {query.error?.message ?? 'Votre abonnement n’a pas pu être chargé. Réessayez dans un instant.'}
          </p>
        </EmptyState>
      </>
    );
  const view = query.data;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Mon abonnement"
        description="Votre formule, ce qu’il vous en reste aujourd’hui, et de quoi la changer."
        actions={
          <Link href="/pricing" className={buttonClasses('ghost', 'sm')}>
            Comparer les formules
          </Link>
        }
      />
      {polling && (
        <p role="status" className="mb-4 rounded-xl bg-brand-500/10 px-4 py-3 text-sm">
          En attente de la confirmation de Stripe…
        </p>
      )}
      <div className="space-y-5">
        <CurrentPlan view={view} />
        <PendingRequest view={view} />
        <Usage view={view} />
        <PlanChooser view={view} />
        <Invoices view={view} />
      </div>
    </div>
  );
}
