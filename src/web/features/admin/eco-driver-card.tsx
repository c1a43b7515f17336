import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Leaf } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { BADGE_MEANINGS } from '#core/rules/badges.js';
import type { MemberBadges } from '#core/schemas/badges.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { TextAreaField } from '#web/ui/field.js';
import { badgeSince } from '#web/ui/member-badges.js';
import { useToast } from '#web/ui/toast.js';
import { DialogFrame } from '#web/ui/dialog.js';
import { ReasonDialog } from './reason-dialog.js';

interface ReasonForm {
  reason: string;
}
/** The API's own schema (core/schemas/badges.ts), loaded on first use. */
const reasonResolver = lazyResolver<ReasonForm>(async () => {
  const [{ zodResolver }, { badgeAwardSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('#core/schemas/badges.js'),
  ]);
  return zodResolver(badgeAwardSchema) as never;
});

const badgeUrl = (driverId: string) => `/api/admin/users/${encodeURIComponent(driverId)}/badges/eco_driver`;

/** Giving the badge: why (kept in the admin log, shown to the driver on their own profile). */
function AwardDialog({
  open,
  onOpenChange,
  driverName,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  driverName: string;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const form = useForm<ReasonForm>({ resolver: reasonResolver, defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open, form]);
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason);
      onOpenChange(false);
    } catch (error) {
      showFieldErrors(form, error);
      if (!form.getFieldState('reason').error)
        form.setError('root', { message: errorMessage(error, 'Le badge n’a pas pu être attribué') });
    }
  });
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={`Attribuer le badge Éco-conduite à ${driverName}`}
      description="Le suivi GPS ne mesure pas la consommation : ce badge repose sur un justificatif (formation à l’éco-conduite, attestation de l’employeur). Le chauffeur est prévenu et voit la raison sur son profil."
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
        <TextAreaField
          label="Raison de l’attribution"
          rows={4}
          maxLength={500}
          error={errors.reason?.message}
          onFocus={reasonResolver.preload}
          {...form.register('reason')}
        />
        {errors.root?.message && (
          <p role="alert" className="text-sm font-medium text-danger">
            {errors.root.message}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="secondary">Annuler</Button>
          </Dialog.Close>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Envoi...' : 'Attribuer le badge'}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

/**
 * The eco_driver badge on the admin's driver page: no rule of ours can measure eco-driving from positions taken
 * every 30 s, so an administrator gives it or takes it back, with a reason each time (admin log).
 */
export function EcoDriverCard({ driverId, driverName }: { driverId: string; driverName: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [giving, setGiving] = useState(false);
  const [removing, setRemoving] = useState(false);
  const key = ['/api/users', driverId, 'badges'];
  const badges = useQuery<MemberBadges>({ queryKey: key });
  const change = useMutation({
    mutationFn: ({ give, reason }: { give: boolean; reason: string }) =>
      apiRequest<MemberBadges>(give ? 'POST' : 'DELETE', badgeUrl(driverId), { reason }),
    onSuccess: (result, { give }) => {
      queryClient.setQueryData(key, result);
      void queryClient.invalidateQueries({ queryKey: ['/api/users', driverId] });
      toast({
        title: give ? 'Badge attribué' : 'Badge retiré',
        description: `${driverName} en est prévenu.`,
        variant: give ? 'success' : undefined,
      });
    },
  });
  const eco = badges.data?.badges.find((badge) => badge.type === 'eco_driver');
  return (
    <section
      aria-labelledby="eco-driver"
      className="min-w-0 rounded-2xl border border-line bg-surface-raised p-4 sm:p-6"
    >
      <h2 id="eco-driver" className="mb-2 flex items-center gap-2 text-lg font-bold">
        <Leaf className="h-5 w-5 text-accent" aria-hidden="true" /> Badge Éco-conduite
      </h2>
      <p className="text-sm text-ink-muted">{BADGE_MEANINGS.eco_driver}</p>
      {badges.isPending ? null : badges.isError ? (
        <p className="mt-3 text-sm text-danger">Les badges de ce chauffeur n’ont pas pu être chargés.</p>
      ) : eco ? (
        <>
          <p className="mt-3 text-sm">
            <span className="font-semibold text-success">Attribué {badgeSince(eco.earnedAt)}</span>
            {eco.reason && (
              <>
                {' — '}
                <span className="user-text">{eco.reason}</span>
              </>
            )}
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => setRemoving(true)}>
            Retirer le badge
          </Button>
        </>
      ) : (
        <Button variant="secondary" className="mt-3" onClick={() => setGiving(true)}>
          <Leaf className="h-4 w-4" aria-hidden="true" /> Attribuer le badge
        </Button>
      )}
      <AwardDialog
        open={giving}
        onOpenChange={setGiving}
        driverName={driverName}
        onConfirm={(reason) => change.mutateAsync({ give: true, reason })}
      />
      <ReasonDialog
        open={removing}
        onOpenChange={setRemoving}
        title={`Retirer le badge Éco-conduite de ${driverName}`}
        description="Le badge disparaît de son profil et de ses candidatures ; le chauffeur est prévenu."
        label="Raison du retrait"
        confirmLabel="Retirer le badge"
        failure="Le badge n’a pas pu être retiré"
        resolver={reasonResolver}
        onConfirm={(reason) => change.mutateAsync({ give: false, reason })}
      />
    </section>
  );
}
