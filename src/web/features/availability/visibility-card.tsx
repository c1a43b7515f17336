import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Checkbox } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { availabilityApi, useAvailabilityMutation, useCalendarSettings } from './api.js';

/** The driver's choice to be found by transporters (off until they say so). */
export function VisibilityCard() {
  const settings = useCalendarSettings();
  const toast = useToast();
  // What the driver just asked for, shown at once (the click's own render) until the saved value is read back.
  const [asked, setAsked] = useState<boolean | null>(null);
  const change = useAvailabilityMutation(availabilityApi.visibility, {
    onSuccess: (saved) =>
      toast({
        title: saved.visibleToTransporters
          ? 'Vous êtes visible des transporteurs'
          : 'Vous n’êtes plus visible',
        description: saved.visibleToTransporters
          ? 'Ils vous trouvent les jours où vous êtes disponible.'
          : 'Plus aucun transporteur ne vous trouve dans la recherche.',
      }),
    onError: (error) =>
      toast({ title: 'Changement impossible', description: error.message, variant: 'destructive' }),
  });
  return (
    <section aria-labelledby="visibilite" className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 id="visibilite" className="flex items-center gap-2 text-lg font-bold">
        <Eye className="h-5 w-5 text-accent" aria-hidden="true" /> Visibilité
      </h2>
      <Checkbox
        className="mt-3 font-semibold"
        label="Être visible des transporteurs les jours où je suis disponible"
        checked={asked ?? settings.data?.visibleToTransporters ?? false}
        disabled={!settings.data || asked !== null}
        onChange={(event) => {
          const wanted = event.target.checked;
          setAsked(wanted);
          change.mutate(wanted, { onSettled: () => setAsked(null) });
        }}
      />
      <p className="mt-2 text-sm text-ink-muted">
        Les transporteurs qui cherchent un chauffeur pour un jour donné voient alors votre nom, votre ville,
        votre permis, vos types de véhicule, votre note et vos horaires ce jour-là, avec un lien vers votre
        profil. Ni votre téléphone, ni votre adresse e-mail, ni vos notes. Les jours non renseignés ou
        indisponibles, vous n’apparaissez pas. Vous pouvez décocher à tout moment.
      </p>
    </section>
  );
}
