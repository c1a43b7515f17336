import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useToast, type ToastInput } from '#web/ui/toast.js';

const POLL_MS = 12_000;

/** What each return from Stripe says (`?paiement=…` from Checkout, `?versements=…` from the payout onboarding). */
const RETURNS: Record<string, ToastInput & { poll?: boolean }> = {
  'paiement=ok': {
    title: 'Paiement reçu',
    description: 'Il apparaît ici dès que Stripe le confirme, dans quelques secondes.',
    variant: 'success',
    poll: true,
  },
  'paiement=annule': { title: 'Paiement annulé', description: 'Rien n’a été débité.' },
  'versements=ok': {
    title: 'Compte de versement enregistré',
    description: 'Stripe vérifie vos informations ; vos paiements vous seront versés sur ce compte.',
    variant: 'success',
    poll: true,
  },
  'versements=relancer': {
    title: 'Configuration interrompue',
    description: 'Le lien de Stripe a expiré : reprenez la configuration de vos versements.',
  },
};

/**
 * Back from Stripe on the payment page: says so once, drops the parameter, and reads the payment again for a few
 * seconds when something is expected (it changes only when Stripe's verified webhook arrives).
 */
export function useStripeReturn(missionId: string): boolean {
  const search = useSearch();
  const [, navigate] = useLocation();
  const toast = useToast();
  const [polling, setPolling] = useState(false);
  const handled = useRef(false);
  const params = new URLSearchParams(search);
  const key = ['paiement', 'versements']
    .map((name) => (params.get(name) ? `${name}=${params.get(name)}` : ''))
    .find(Boolean);
  useEffect(() => {
    if (!key || handled.current) return;
    handled.current = true;
    const found = RETURNS[key];
    if (found) {
      const { poll, ...message } = found;
      toast(message);
      if (poll) setPolling(true);
    }
    navigate(`/mission/${missionId}/payment`, { replace: true });
  }, [key, missionId, navigate, toast]);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setPolling(false), POLL_MS);
    return () => clearTimeout(timer);
  }, [polling]);
  return polling;
}
