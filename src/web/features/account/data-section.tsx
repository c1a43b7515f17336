import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { ME_KEY, useIsDemo } from '#web/lib/session.js';
import { expectSignOut } from '#web/lib/query-client.js';
import { apiRequest, errorFromResponse } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { disablePush } from '#web/lib/notifications.js';
import { Button } from '#web/ui/button.js';
import { FormFields, PasswordField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { SettingsSection } from './settings-section.js';

const resolver = lazyResolver<{ password: string }>(
  async () => (await import('./resolvers.js')).deleteAccountResolver as never,
);

async function downloadMyData(): Promise<void> {
  const response = await fetch('/api/account/export', { credentials: 'include' });
  if (!response.ok) throw await errorFromResponse(response);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'relais-mes-donnees.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** RGPD: download everything Relais holds about me (art. 20), delete my account (art. 17). */
export function DataSection() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const demo = useIsDemo();
  const form = useForm<{ password: string }>({ resolver, defaultValues: { password: '' } });
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => toast({ title: 'Fichier téléchargé', variant: 'success' }),
    onError: (error) =>
      toast({
        title: 'Téléchargement impossible',
        description: errorMessage(error, 'Réessayez.'),
        variant: 'destructive',
      }),
  });
  const remove = useMutation({
    mutationFn: async ({ password }: { password: string }) => {
      expectSignOut();
      const answer = await apiRequest<{ message: string }>('DELETE', '/api/account', { password });
      // The server erased this account's devices with it: only the browser's subscription is left to end.
      await disablePush({ tellServer: false });
      return answer;
    },
    onSuccess: ({ message }) => {
      queryClient.clear();
      queryClient.setQueryData(ME_KEY, null);
      toast({ title: 'Compte supprimé', description: message, variant: 'success' });
      navigate('/', { replace: true });
    },
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: 'Suppression impossible',
        description: errorMessage(error, 'Réessayez.'),
        variant: 'destructive',
      });
    },
  });
  return (
    <>
      <SettingsSection
        id="mes-donnees"
        icon={ShieldCheck}
        title="Mes données"
        description={
          <>
            Tout ce que Relais conserve sur vous, dans un fichier JSON (RGPD, article 20). Voir la{' '}
            <Link href="/privacy" className="underline">
              politique de confidentialité
            </Link>
            .
          </>
        }
      >
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {download.isPending ? 'Préparation...' : 'Télécharger mes données'}
        </Button>
      </SettingsSection>
      <SettingsSection
        id="supprimer"
        icon={Trash2}
        title="Supprimer mon compte"
        tone="danger"
        description="Définitif (RGPD, article 17) : vos informations personnelles sont effacées et vos appareils déconnectés."
      >
        {demo ? (
          <>
            <NotInDemoNote className="mb-3" />
            <Button variant="danger" disabled>
              Supprimer mon compte
            </Button>
          </>
        ) : !confirming ? (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Supprimer mon compte
          </Button>
        ) : (
          <form
            noValidate
            onFocusCapture={resolver.preload}
            onSubmit={form.handleSubmit((values) => remove.mutate(values))}
            className="space-y-4"
          >
            <ul className="list-disc space-y-1 pl-5 text-sm">
              <li>Votre nom, vos coordonnées, votre profil et vos documents sont effacés.</li>
              <li>Vos missions ouvertes sont annulées et vos candidatures en attente retirées.</li>
              <li>
                Vos correspondants gardent vos échanges, signés « Utilisateur supprimé ». Les factures,
                bulletins et paiements sont conservés le temps que la loi l’exige.
              </li>
              <li>Impossible tant qu’une mission est en cours avec vous.</li>
            </ul>
            <FormFields>
              <PasswordField
                label="Mot de passe, pour confirmer"
                autoComplete="current-password"
                error={form.formState.errors.password?.message}
                {...form.register('password')}
              />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="danger" disabled={remove.isPending}>
                  {remove.isPending ? 'Suppression...' : 'Supprimer définitivement'}
                </Button>
                <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
                  Annuler
                </Button>
              </div>
            </FormFields>
          </form>
        )}
      </SettingsSection>
    </>
  );
}
