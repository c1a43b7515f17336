import { deName } from '#core/rules/text.js';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useIsDemo } from '#web/lib/session.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { TextAreaField } from '#web/ui/field.js';

/** Reports a review about oneself to the administrators, with the reason (10 to 500 characters). */
export function ReportReviewDialog({
  reviewId,
  reviewerName,
  open,
  onOpenChange,
  onReported,
}: {
  reviewId: string;
  reviewerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A report reaches the team, who would act on fictional data.
  const demo = useIsDemo();
  useEffect(() => {
    if (open) {
      setReason('');
      setError(null);
    }
  }, [open]);
  const submit = async () => {
    if (reason.trim().length < 10) {
      setError('Expliquez ce qui ne va pas (10 caractères au moins)');
      return;
    }
    setSending(true);
    try {
      await apiRequest('POST', `/api/reviews/${reviewId}/report`, { reason });
      onReported();
      onOpenChange(false);
    } catch (failure) {
      setError(
        (failure instanceof ApiError && failure.fieldErrors.reason) ||
          errorMessage(failure, 'Le signalement n’a pas pu être envoyé'),
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[60] max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface-raised p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">Signaler cet avis</Dialog.Title>
          <Dialog.Description className="user-text mt-2 text-ink-muted">
            L’avis {deName(reviewerName)} sera examiné par l’équipe Relais. S’il enfreint les règles (propos
            injurieux, faits faux, informations personnelles), il sera retiré et ne comptera plus dans votre
            note.
          </Dialog.Description>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {demo && <NotInDemoNote />}
            <TextAreaField
              label="Ce qui ne va pas"
              rows={4}
              maxLength={500}
              value={reason}
              disabled={demo}
              onChange={(event) => setReason(event.target.value)}
              error={error ?? undefined}
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Annuler</Button>
              </Dialog.Close>
              <Button type="submit" disabled={sending || demo}>
                {sending ? 'Envoi...' : 'Signaler'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
