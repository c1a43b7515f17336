import { formatLongDateTime } from '#core/rules/french-dates.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { SecurityOverview } from '#core/schemas/admin.js';
import { useSession } from '#web/lib/session.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { RecoveryCodes } from './second-factor-codes.js';
import { SecondFactorEnrolment } from './second-factor-enrolment.js';

const SECURITY_KEY = ['/api/admin/security'] as const;

function Panel({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: typeof KeyRound;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-line bg-surface-raised p-5 sm:p-6" aria-label={title}>
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Icon className="h-5 w-5 text-accent" aria-hidden="true" />
        {title}
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

/** « Sécurité »: the administrator's second factor, recovery codes, and moving the authenticator to a new phone. */
export function AdminSecurityPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const overview = useQuery<SecurityOverview>({ queryKey: SECURITY_KEY });
  const [confirming, setConfirming] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [moving, setMoving] = useState(false);
  const regenerate = useMutation({
    mutationFn: () => apiRequest<{ recoveryCodes: string[] }>('POST', '/api/admin/recovery-codes'),
    onSuccess: ({ recoveryCodes }) => {
      setConfirming(false);
      setCodes(recoveryCodes);
      void queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        title: 'Erreur',
        description: errorMessage(error, 'Les codes n’ont pas été générés.'),
        variant: 'destructive',
      });
    },
  });
  const done = () => {
    setCodes(null);
    setMoving(false);
    void queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
  };

  if (overview.isLoading) return <Spinner />;
  const data = overview.data;
  const left = data?.recoveryCodesLeft ?? 0;
  return (
    <>
      <PageHeader title="Sécurité" description="La double authentification de votre compte administrateur." />
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Double authentification" icon={ShieldCheck}>
          <p>
            {data?.secondFactorSince
              ? `Active depuis le ${formatLongDateTime(data.secondFactorSince)}.`
              : 'Active.'}{' '}
            Chaque connexion demande, après le mot de passe, le code de votre application d’authentification.
          </p>
          <p className="text-sm text-ink-muted">
            Les actions sensibles (désactiver un compte, changer un tarif, inviter un administrateur…)
            demandent votre mot de passe s’il n’a pas été saisi depuis 5 minutes. Une session d’administrateur
            se ferme après 30 minutes sans activité, et au plus tard 12 heures après la connexion.
          </p>
        </Panel>
        <Panel title="Codes de secours" icon={KeyRound}>
          {codes ? (
            <RecoveryCodes
              codes={codes}
              email={user?.email ?? ''}
              continueLabel="Terminé"
              onContinue={done}
            />
          ) : (
            <>
              <p
                role={left <= 3 ? 'alert' : undefined}
                className={left <= 3 ? 'font-semibold text-danger' : undefined}
              >
                {left === 0
                  ? 'Il ne vous reste aucun code de secours.'
                  : left === 1
                    ? 'Il vous reste 1 code de secours.'
                    : `Il vous reste ${left} codes de secours.`}
              </p>
              <p className="text-sm text-ink-muted">
                De nouveaux codes remplacent les anciens, qui ne servent plus. Ils ne sont affichés qu’une
                fois.
              </p>
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Générer de nouveaux codes
              </Button>
            </>
          )}
        </Panel>
        <Panel title="Nouveau téléphone" icon={Smartphone}>
          {moving ? (
            <SecondFactorEnrolment email={user?.email ?? ''} continueLabel="Terminé" onDone={done} />
          ) : (
            <>
              <p>
                Vous changez de téléphone ou d’application ? Enregistrez un nouveau QR code : l’ancien cessera
                de fonctionner dès que le nouveau sera confirmé, et vous recevrez de nouveaux codes de
                secours.
              </p>
              <Button variant="secondary" onClick={() => setMoving(true)}>
                Changer d’application d’authentification
              </Button>
            </>
          )}
        </Panel>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Générer de nouveaux codes de secours ?"
        confirmLabel="Générer"
        busy={regenerate.isPending}
        onConfirm={() => regenerate.mutate()}
      >
        <p>
          Vos codes de secours actuels ne fonctionneront plus. Les nouveaux ne seront affichés qu’une fois.
        </p>
      </ConfirmDialog>
    </>
  );
}
