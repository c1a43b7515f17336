import { CalendarPlus, Copy } from 'lucide-react';
import { useState } from 'react';
import type { IcsCreated } from '#core/schemas/availability.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { availabilityApi, useAvailabilityMutation, useCalendarSettings } from './api.js';

/** The private calendar address: created (shown once), copied, added to the phone's calendar, revoked. */
export function IcsCard() {
  const settings = useCalendarSettings();
  const toast = useToast();
  const [created, setCreated] = useState<IcsCreated | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const failed = (title: string) => (error: Error) =>
    toast({ title, description: error.message, variant: 'destructive' });
  const create = useAvailabilityMutation(availabilityApi.createIcs, {
    onSuccess: setCreated,
    onError: failed('Création impossible'),
  });
  const revoke = useAvailabilityMutation(availabilityApi.revokeIcs, {
    onSuccess: () => {
      setCreated(null);
      setConfirmRevoke(false);
      toast({ title: 'Lien révoqué', description: 'Votre agenda ne reçoit plus rien de Relais.' });
    },
    onError: failed('Révocation impossible'),
  });
  const active = Boolean(created) || settings.data?.icsActive;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created!.url);
      toast({ title: 'Lien copié' });
    } catch {
      toast({ title: 'Copie impossible', description: 'Sélectionnez le lien et copiez-le à la main.' });
    }
  };
  return (
    <section aria-labelledby="agenda" className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 id="agenda" className="flex items-center gap-2 text-lg font-bold">
        <CalendarPlus className="h-5 w-5 text-accent" aria-hidden="true" /> Dans l’agenda de mon téléphone
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        Un lien privé à ajouter à votre agenda (iPhone, Android, Google Agenda, Outlook) : vos missions et vos
        disponibilités y apparaissent et se mettent à jour toutes seules, d’un mois en arrière à un an devant.
        Quiconque a ce lien voit ces informations : gardez-le pour vous, et révoquez-le en cas de doute.
      </p>
      {created ? (
        <div className="mt-4 space-y-3">
          <TextField
            label="Votre lien privé (affiché une seule fois)"
            readOnly
            value={created.url}
            onFocus={(event) => event.target.select()}
          />
          <div className="flex flex-wrap gap-2">
            <Button onClick={copy}>
              <Copy className="h-4 w-4" aria-hidden="true" /> Copier le lien
            </Button>
            <a href={created.webcalUrl} className={buttonClasses('secondary')}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Ajouter à mon agenda
            </a>
          </div>
        </div>
      ) : active ? (
        <p className="mt-4 text-sm">
          Un lien est actif
          {settings.data?.icsCreatedAt ? ` depuis le ${formatDateTime(settings.data.icsCreatedAt)}` : ''}. Il
          n’est affiché qu’une fois : si vous l’avez perdu, créez-en un nouveau (l’ancien cessera de
          fonctionner).
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant={active ? 'secondary' : 'primary'}
          disabled={create.isPending}
          onClick={() => create.mutate(undefined)}
        >
          {active ? 'Créer un nouveau lien' : 'Créer mon lien d’agenda'}
        </Button>
        {active && (
          <Button variant="ghost" onClick={() => setConfirmRevoke(true)}>
            Révoquer le lien
          </Button>
        )}
      </div>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-semibold">Comment l’ajouter à mon agenda ?</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-muted">
          <li>
            <strong>iPhone</strong> : touchez « Ajouter à mon agenda » puis « S’abonner ». Ou : Réglages ›
            Calendrier › Comptes › Ajouter un compte › Autre › Ajouter un calendrier avec abonnement, et
            collez le lien.
          </li>
          <li>
            <strong>Google Agenda (et Android)</strong> : sur un ordinateur, ouvrez Google Agenda › « Autres
            agendas » › « + » › « À partir de l’URL », collez le lien. Il apparaît ensuite sur votre téléphone
            Android. Google le met à jour toutes les quelques heures.
          </li>
          <li>
            <strong>Outlook</strong> : Ajouter un calendrier › S’abonner à partir du web, collez le lien.
          </li>
        </ul>
      </details>
      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={setConfirmRevoke}
        title="Révoquer le lien d’agenda ?"
        confirmLabel="Révoquer"
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate(undefined)}
      >
        <p>Les agendas abonnés à ce lien ne recevront plus vos missions ni vos disponibilités.</p>
      </ConfirmDialog>
    </section>
  );
}
