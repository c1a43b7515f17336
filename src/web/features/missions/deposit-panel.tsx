import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { formatMoney } from '#core/rules/money.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { apiRequest } from '#web/lib/api.js';
import { Button } from '#web/ui/button.js';
import { useToast } from '#web/ui/toast.js';
import { Section } from './detail-section.js';

const RUNNING = ['assigned', 'in_progress', 'delivered'];

/**
 * Stripe mode: the deposit of a mission whose driver is chosen. The transporter pays it on Stripe's Checkout
 * page (card data never reaches Relais); both parties see when it is paid. The balance is paid from the payment
 * page once the mission is completed.
 */
export function DepositPanel({ detail, isOwner }: { detail: MissionDetail; isOwner: boolean }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const { mission, deposit } = detail;
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
        <Button onClick={() => void pay()} disabled={busy}>
          <CreditCard className="h-5 w-5" aria-hidden="true" /> Payer l’acompte
        </Button>
      </div>
    </Section>
  );
}
