import { deName } from '#core/rules/text.js';
import { useEffect, useState } from 'react';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useIsDemo } from '#web/lib/session.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { FormDialog } from '#web/ui/dialog.js';
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Signaler cet avis"
      description={
        <p>
          L’avis {deName(reviewerName)} sera examiné par l’équipe Relais. S’il enfreint les règles (propos
          injurieux, faits faux, informations personnelles), il sera retiré et ne comptera plus dans votre
          note.
        </p>
      }
      submitLabel="Signaler"
      busy={sending}
      disabled={demo}
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
    </FormDialog>
  );
}
