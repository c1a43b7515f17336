import { formatDay } from '#core/rules/french-dates.js';
import { formatIban } from '#core/rules/iban.js';
import { CheckCircle2, CircleDashed } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SELF_BILLING_MANDATE_TEXT, VAT_REGIMES, VAT_REGIME_LABELS } from '#core/rules/money.js';
import type { BillingDetailsView, MissionPayment } from '#core/schemas/payments.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { Checkbox, FieldError, FormFields, RadioGroup, TextAreaField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { useBillingDetails, useSaveBillingDetails } from './api.js';
import type { BillingFormContext, BillingFormValues } from './form-values.js';
import { Panel } from './panel.js';

const resolver = lazyResolver<BillingFormValues>(
  async () => (await import('./resolvers.js')).billingResolver as never,
);

function defaults(view: BillingDetailsView | undefined): BillingFormValues {
  return {
    billingAddress: view?.billingAddress ?? '',
    siretNumber: view?.siretNumber ?? '',
    vatRegime: view?.vatRegime ?? '',
    vatNumber: view?.vatNumber ?? '',
    vatOnDebits: view?.vatOnDebits ?? false,
    iban: view?.iban ? formatIban(view.iban) : '',
    acceptSelfBillingMandate: false,
  };
}

/** Whether the viewer's own details still keep an invoice from being issued. */
function ownDetailsMissing(view: BillingDetailsView, driver: boolean): boolean {
  if (!view.billingAddress) return true;
  if (!driver) return false;
  return (
    !view.siretNumber ||
    !view.vatRegime ||
    (view.vatRegime === 'normal' && !view.vatNumber) ||
    !view.selfBillingAcceptedAt
  );
}

/**
 * The billing address (both parties), and for the driver the SIRET, the VAT regime (with the VAT number and the
 * option for VAT on debits when subject to VAT), the IBAN a transfer goes to, and the self-billing mandate under
 * which Relais issues the invoice in the driver's name. `onDone` after a save; a cancel button when `onCancel`.
 */
export function BillingDetailsForm({
  view,
  driver,
  onDone,
  onCancel,
}: {
  view: BillingDetailsView;
  driver: boolean;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const toast = useToast();
  const ids = useId();
  const mandateAccepted = view.selfBillingAcceptedAt !== null;
  const context: BillingFormContext = { driver, mandateAccepted };
  const form = useForm<BillingFormValues, BillingFormContext>({
    resolver: resolver as never,
    context,
    defaultValues: defaults(view),
  });
  useEffect(() => form.reset(defaults(view)), [view, form]);
  const save = useSaveBillingDetails({
    onSuccess: () => {
      toast({ title: 'Coordonnées de facturation enregistrées', variant: 'success' });
      onDone();
    },
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: 'Enregistrement impossible',
        description: errorMessage(error, 'Vérifiez les champs signalés.'),
        variant: 'destructive',
      });
    },
  });
  const { errors } = form.formState;
  const regime = form.watch('vatRegime');
  const submit = form.handleSubmit(async (values) => {
    const { billingInput } = await import('./resolvers.js');
    save.mutate(billingInput(values, context));
  });
  return (
    <form noValidate onFocusCapture={resolver.preload} onSubmit={(event) => void submit(event)}>
      <FormFields>
        <TextAreaField
          label="Adresse de facturation"
          rows={3}
          maxLength={300}
          autoComplete="street-address"
          hint="Numéro, rue, code postal et ville, telle qu’elle doit figurer sur les factures."
          error={errors.billingAddress?.message}
          {...form.register('billingAddress')}
        />
        {driver && (
          <>
            <TextField
              label="Numéro SIRET"
              inputMode="numeric"
              autoComplete="off"
              hint="14 chiffres, celui de votre entreprise de transport."
              error={errors.siretNumber?.message}
              {...form.register('siretNumber')}
            />
            <RadioGroup
              legend="Régime de TVA"
              stacked
              options={VAT_REGIMES.map((value) => ({ value, label: VAT_REGIME_LABELS[value] }))}
              registration={form.register('vatRegime')}
              error={errors.vatRegime?.message}
            />
            {regime === 'normal' && (
              <>
                <TextField
                  label="Numéro de TVA intracommunautaire"
                  autoComplete="off"
                  placeholder="FR12345678901"
                  error={errors.vatNumber?.message}
                  {...form.register('vatNumber')}
                />
                <div className="space-y-1">
                  <Checkbox
                    label="J’ai opté pour le paiement de la TVA d’après les débits"
                    aria-describedby={`${ids}-debits`}
                    {...form.register('vatOnDebits')}
                  />
                  <p id={`${ids}-debits`} className="text-sm text-ink-muted">
                    Sans cette option, la TVA d’une prestation de services est due à l’encaissement. Avec
                    elle, vos factures portent la mention « Option pour le paiement de la taxe d’après les
                    débits ».
                  </p>
                  <FieldError id={`${ids}-debits-error`} message={errors.vatOnDebits?.message} />
                </div>
              </>
            )}
            <TextField
              label="IBAN (facultatif)"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="FR76 3000 6000 0112 3456 7890 189"
              hint="Le compte où le transporteur vous paie par virement : il figure sur vos factures."
              error={errors.iban?.message}
              {...form.register('iban')}
            />
            {mandateAccepted ? (
              <p className="flex items-start gap-2 rounded-lg bg-surface-sunken p-3 text-sm">
                <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                Mandat de facturation accepté le {formatDay(view.selfBillingAcceptedAt!)}.
              </p>
            ) : (
              <div className="space-y-2">
                <p className="text-sm font-semibold">Mandat de facturation (autofacturation)</p>
                <p
                  id={`${ids}-mandate`}
                  className="rounded-lg border border-line bg-surface-sunken p-3 text-sm"
                >
                  {SELF_BILLING_MANDATE_TEXT}
                </p>
                <Checkbox
                  label="J’accepte le mandat de facturation"
                  className="font-semibold"
                  aria-describedby={
                    errors.acceptSelfBillingMandate ? `${ids}-mandate ${ids}-mandate-error` : `${ids}-mandate`
                  }
                  aria-invalid={errors.acceptSelfBillingMandate ? true : undefined}
                  {...form.register('acceptSelfBillingMandate')}
                />
                <FieldError id={`${ids}-mandate-error`} message={errors.acceptSelfBillingMandate?.message} />
              </div>
            )}
          </>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
          </Button>
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              Annuler
            </Button>
          )}
        </div>
      </FormFields>
    </form>
  );
}

/**
 * Independent frame: what still keeps the invoice from being issued, as a checklist, and the form that fills
 * the viewer's part (opened at once when the viewer's own details are missing).
 */
export function InvoiceBlockers({ payment }: { payment: MissionPayment }) {
  const party = payment.viewerRole !== 'admin';
  const driver = payment.viewerRole === 'driver';
  const details = useBillingDetails(party);
  const missing = details.data ? ownDetailsMissing(details.data, driver) : false;
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? missing;
  if (payment.engagementType !== 'independent' || payment.invoiceBlockers.length === 0) return null;
  return (
    <Panel title="Avant d’émettre la facture">
      <ul className="space-y-2">
        {payment.invoiceBlockers.map((blocker) => (
          <li key={blocker} className="flex items-start gap-2">
            <CircleDashed className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
            <span>{blocker}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink-muted">
        La facture est émise dès que ces informations sont complètes, puis envoyée aux deux parties.
      </p>
      {party && details.data && (
        <div className="mt-4">
          {shown ? (
            <>
              <h3 className="mb-3 font-bold">Mes coordonnées de facturation</h3>
              <BillingDetailsForm
                view={details.data}
                driver={driver}
                onDone={() => setOpen(false)}
                onCancel={() => setOpen(false)}
              />
            </>
          ) : (
            <Button variant={missing ? 'primary' : 'secondary'} onClick={() => setOpen(true)}>
              Compléter mes coordonnées de facturation
            </Button>
          )}
        </div>
      )}
    </Panel>
  );
}
