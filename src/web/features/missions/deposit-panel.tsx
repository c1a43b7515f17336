import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatMoney } from '#core/rules/money.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useIsDemo } from '#web/lib/session.js';
import { apiRequest } from '#web/lib/api.js';
import { Button } from '#web/ui/button.js';
import { useToast } from '#web/ui/toast.js';
import { missionKeys } from './api.js';
import { Section } from './detail-section.js';

const RUNNING = ['assigned', 'in_progress', 'delivered'];
const POLL_MS = 12_000;

/**
 * Back from Stripe Checkout on the mission page (`?paiement=ok` or `?paiement=annule`): says so once, drops the
 * parameter, and reads the mission again for a few seconds until the deposit shows paid (it changes only when
 * Stripe's verified webhook arrives).
 */
function useDepositReturn(missionId: string, paid: boolean) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const toast = useToast();
  const [polling, setPolling] = useState(false);
  const handled = useRef(false);
  const outcome = new URLSearchParams(search).get('paiement');
  useEffect(() => {
    if (!outcome || handled.current) return;
    handled.current = true;
    if (outcome === 'ok') {
      toast({
        title: 'Paiement reçu',
        description: 'L’acompte apparaît ici dès que Stripe le confirme, dans quelques secondes.',
        variant: 'success',
      });
      setPolling(true);
    } else if (outcome === 'annule') {
      toast({ title: 'Paiement annulé', description: 'Rien n’a été débité.' });
    }
    navigate(`/mission/${missionId}`, { replace: true });
  }, [outcome, missionId, navigate, toast]);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setPolling(false), POLL_MS);
    return () => clearTimeout(timer);
  }, [polling]);
  useQuery<MissionDetail>({
    queryKey: missionKeys.detail(missionId),
    refetchInterval: polling && !paid ? 2000 : false,
  });
}

/**
 * Stripe mode: the deposit of a mission whose driver is chosen. The transporter pays it on Stripe's Checkout
 * page (card data never reaches Relais); both parties see when it is paid. The balance is paid from the payment
 * page once the mission is completed.
 */
export function DepositPanel({ detail, isOwner }: { detail: MissionDetail; isOwner: boolean }) {
  const toast = useToast();
  const demo = useIsDemo();
  const [busy, setBusy] = useState(false);
  const { mission, deposit } = detail;
  useDepositReturn(mission.id, deposit?.paid ?? false);
  if (!deposit || !RUNNING.includes(mission.status)) return null;
  if (deposit.paid)
    return (
      <Section title="Acompte">
        <p>
          Acompte réglé en ligne{deposit.amount ? ` : ${formatMoney(deposit.amount)}` : ''}. Le solde se règle
          à la fin de la mission.
        </p>
      </Section>
    );
  if (!isOwner) return null;
  const pay = async () => {
    setBusy(true);
    try {
      const result = await apiRequest<{ url: string | null }>(
        'POST',
        `/api/missions/${mission.id}/payment/deposit`,
        {},
      );
      if (result.url) window.location.assign(result.url);
      else setBusy(false);
    } catch (error) {
      setBusy(false);
      toast({
        title: 'Paiement impossible',
        description: error instanceof Error ? error.message : 'Réessayez dans un instant.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Section title="Acompte">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 flex-1 basis-64">
          Réglez l’acompte de 30 % par carte sur la page sécurisée de Stripe ; le solde se règle à la fin de
          la mission.
        </p>
        <Button onClick={() => void pay()} disabled={busy || demo}>
          <CreditCard className="h-5 w-5" aria-hidden="true" /> Payer l’acompte
        </Button>
      </div>
      {demo && <NotInDemoNote className="mt-3" />}
    </Section>
  );
}
