import { AlertDialog } from 'radix-ui';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { TRACKING_RETENTION_DAYS } from '#core/rules/tracking.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { askPosition, startTracking } from '#web/lib/tracking/use-tracking.js';
import { buttonClasses } from '#web/ui/button.js';
import { dialogOverlay, dialogPanel } from '#web/ui/dialog.js';

type Step = 'explain' | 'asking' | 'denied' | 'unsupported';

/**
 * "Démarrer la mission": what sharing the position means, said before the browser asks (CNIL: inform first);
 * the browser's permission is asked only on "Partager et démarrer". Granted: the mission starts and sharing
 * begins. Refused: said plainly, and the driver may start without sharing.
 */
export function StartTrackingDialog({
  detail,
  busy,
  onConfirm,
  onCancel,
}: {
  detail: MissionDetail;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [step, setStep] = useState<Step>('explain');
  const company = detail.mission.companyName ?? 'le transporteur';

  const shareAndStart = async () => {
    setStep('asking');
    const answer = await askPosition();
    if (answer === 'denied' || answer === 'unsupported') {
      setStep(answer);
      return;
    }
    onConfirm();
    await startTracking(detail.mission.id);
  };

  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && !busy && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlay} />
        <AlertDialog.Content className={dialogPanel('wide')}>
          <AlertDialog.Title className="flex items-center gap-2 text-lg font-bold">
            <MapPin className="h-5 w-5 text-accent" aria-hidden="true" />
            Démarrer la mission et partager votre position
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 space-y-3 text-ink-muted">
              {step === 'denied' ? (
                <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-ink">
                  Votre navigateur a refusé l’accès à votre position. Vous pouvez démarrer sans la partager :{' '}
                  {company} ne pourra pas suivre la livraison en direct. Pour l’activer ensuite, autorisez la
                  localisation pour ce site dans les réglages du navigateur, puis « Partager ma position » sur
                  la page de la mission.
                </p>
              ) : step === 'unsupported' ? (
                <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-ink">
                  Ce navigateur ne donne pas accès à la position. Vous pouvez démarrer sans la partager.
                </p>
              ) : (
                <>
                  <p>
                    Pendant la mission, Relais partage la position de votre téléphone avec {company}, pour
                    qu’il suive la livraison et sache quand vous arrivez.
                  </p>
                  <ul className="list-disc space-y-1 pl-5">
                    <li>
                      <strong className="text-ink">Quoi :</strong> votre position, votre vitesse et votre cap,
                      un point toutes les 30 secondes ou tous les 200 mètres.
                    </li>
                    <li>
                      <strong className="text-ink">Qui la voit :</strong> {company} et l’équipe Relais, rien
                      qu’eux. Chaque consultation est notée et vous voyez qui a regardé.
                    </li>
                    <li>
                      <strong className="text-ink">Quand :</strong> seulement pendant la mission, jusqu’à la
                      livraison. Vous pouvez mettre le partage en pause à tout moment (une pause, un arrêt
                      personnel).
                    </li>
                    <li>
                      <strong className="text-ink">Combien de temps :</strong> les positions sont effacées{' '}
                      {TRACKING_RETENTION_DAYS} jours après la fin de la mission ; il n’en reste qu’un résumé
                      du trajet (distance, durée, vitesse moyenne).
                    </li>
                  </ul>
                  <p>
                    Sans réseau, les points restent sur le téléphone et partent quand il revient. Votre
                    navigateur va vous demander l’autorisation.{' '}
                    <a href="/privacy" target="_blank" rel="noreferrer" className="text-accent underline">
                      En savoir plus
                    </a>
                  </p>
                </>
              )}
            </div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={busy}>
              Annuler
            </AlertDialog.Cancel>
            {step === 'denied' || step === 'unsupported' ? (
              <button type="button" className={buttonClasses('primary')} disabled={busy} onClick={onConfirm}>
                Démarrer sans partager
              </button>
            ) : (
              <>
                {/* Sharing is a choice: saying no needs no detour through the browser's question. */}
                <button type="button" className={buttonClasses('ghost')} disabled={busy} onClick={onConfirm}>
                  Démarrer sans partager
                </button>
                <button
                  type="button"
                  className={buttonClasses('primary')}
                  disabled={busy || step === 'asking'}
                  onClick={() => void shareAndStart()}
                >
                  {step === 'asking' ? 'Autorisation…' : 'Partager et démarrer'}
                </button>
              </>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
