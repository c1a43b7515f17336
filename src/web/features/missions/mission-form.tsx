import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isoWeekday } from '#core/rules/availability.js';
import { publishedLabel } from '#core/rules/recurrence.js';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS, PAYMENT_TERMS_LEGAL_NOTE } from '#core/rules/money.js';
import {
  DOCUMENT_LABELS,
  ENGAGEMENT_EXPLANATIONS,
  ENGAGEMENT_LABELS,
  ENGAGEMENT_TYPES,
  PRICING_LABELS,
  REQUIRED_DOCUMENTS,
  VEHICLE_LABELS,
  VEHICLE_LICENSE,
  VEHICLE_TYPES,
} from '#core/rules/missions.js';
import { franchiseLabel, WAITING_FRANCHISE_CHOICES } from '#core/rules/waiting-rate.js';
import type { Mission, MissionDetail, MissionFormValues, MissionInput } from '#core/schemas/missions.js';
import type { MissionTemplate, RecurrenceFormValues, RecurrenceRuleInput } from '#core/schemas/recurrence.js';
import { useOnlinePayment } from '#web/lib/site-settings.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { Checkbox, CheckboxGroup, FormFields, SelectField, TextAreaField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { AddressField } from './address-field.js';
import { FreightFields } from './freight-fields.js';
import { missionApi, useMissionMutation } from './api.js';
import { copyDefaults, defaults, templateDefaults } from './mission-form-values.js';
import { recurrenceDefaults, RecurrenceFields } from './recurrence-fields.js';
import { templateApi } from './recurring-api.js';

const resolver = lazyResolver<MissionFormValues>(
  async () => (await import('./resolvers.js')).missionResolver as never,
);
const ruleResolver = lazyResolver<RecurrenceFormValues>(
  async () => (await import('./resolvers.js')).recurrenceResolver as never,
);

/** The weekday of a datetime-local value ("2026-12-01T06:00" → 2), if it holds a day. */
const weekdayOf = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? isoWeekday(value.slice(0, 10)) : undefined;

/**
 * Publishing, editing or copying a mission, or a recurring mission (a series, decision 056): the same schema as the
 * API checks every field (docs/specification.md §5); a series' rule has its own fields below the mission's.
 */
export function MissionForm({
  mission,
  copyOf,
  template,
  series = false,
  onDone,
  onSeries,
}: {
  /** The mission to edit. */
  mission?: Mission;
  /** The mission to copy (« Dupliquer »): a new one, on the next working day. */
  copyOf?: Mission;
  /** The series to edit. */
  template?: MissionTemplate;
  /** A new series: « Répéter » ticked from the start. */
  series?: boolean;
  onDone?: (detail: MissionDetail) => void;
  onSeries?: (template: MissionTemplate) => void;
}) {
  const toast = useToast();
  const termsNoteId = useId();
  const online = useOnlinePayment();
  const form = useForm<MissionFormValues, unknown, MissionInput>({
    resolver: resolver as never,
    defaultValues: template ? templateDefaults(template) : copyOf ? copyDefaults(copyOf) : defaults(mission),
  });
  const [repeat, setRepeat] = useState(Boolean(template) || series);
  const rule = useForm<RecurrenceFormValues, unknown, RecurrenceRuleInput>({
    resolver: ruleResolver as never,
    defaultValues: recurrenceDefaults(template, weekdayOf(form.getValues('startDate'))),
  });
  // What the form does, in words: its button, its toasts.
  const words = template
    ? { submit: 'Enregistrer la série', done: 'Série modifiée', failed: 'Enregistrement impossible' }
    : repeat
      ? { submit: 'Créer la série', done: 'Série créée', failed: 'Enregistrement impossible' }
      : mission
        ? {
            submit: 'Enregistrer les modifications',
            done: 'Mission modifiée',
            failed: 'Modification impossible',
          }
        : { submit: 'Publier la mission', done: 'Mission publiée', failed: 'Publication impossible' };
  const save = useMissionMutation(
    async ({
      values,
      repetition,
    }: {
      values: MissionInput;
      repetition?: RecurrenceRuleInput;
    }): Promise<{ series: MissionTemplate } | { detail: MissionDetail }> => {
      if (repetition) {
        const body = { mission: values, rule: repetition };
        const saved = await (template ? templateApi.update(template.id, body) : templateApi.create(body));
        return { series: saved };
      }
      return { detail: await (mission ? missionApi.update(mission.id, values) : missionApi.create(values)) };
    },
    {
      onSuccess: (saved) => {
        if ('series' in saved) {
          toast({
            title: words.done,
            description: `${saved.series.title} · ${publishedLabel(saved.series.publishedCount)}`,
          });
          onSeries?.(saved.series);
        } else {
          toast({ title: words.done, description: saved.detail.mission.title });
          onDone?.(saved.detail);
        }
      },
      onError: (error) => {
        // A series' body is `{ mission, rule }`: the API names its fields `mission.title`, `rule.weekdays`…
        showFieldErrors(form, error, repeat ? 'mission.' : '');
        if (repeat) showFieldErrors(rule, error, 'rule.');
        toast({
          title: words.failed,
          description: errorMessage(error, 'Vérifiez les champs signalés.'),
          variant: 'destructive',
        });
      },
    },
  );
  const { errors } = form.formState;
  const vehicle = form.watch('vehicleType') as keyof typeof VEHICLE_LICENSE | '';
  const engagement = form.watch('engagementType');
  const adrClass = form.watch('adrClass');
  const requiredDocuments = form.watch('requiredDocuments');
  // A waiting rate goes with an independent carrier at a flat price (decision 042); hidden, its fields are not sent.
  const waitingBilled = engagement === 'independent' && form.watch('pricingType') === 'flat';

  return (
    <form
      noValidate
      onFocusCapture={resolver.preload}
      onSubmit={form.handleSubmit(
        (values) =>
          repeat
            ? rule.handleSubmit((repetition) => save.mutate({ values, repetition }))()
            : save.mutate({ values }),
        // Every message at once: the rule's too.
        () => repeat && void rule.trigger(),
      )}
    >
      <FormFields className="space-y-5">
        <TextField
          label="Titre"
          placeholder="Ex. Semi frigo Rungis → Lille"
          maxLength={120}
          hint="120 caractères au plus"
          error={errors.title?.message}
          {...form.register('title')}
        />
        <TextAreaField
          label="Description"
          placeholder="Marchandise, conditions de chargement, contraintes d’accès, horaires de quai…"
          error={errors.description?.message}
          {...form.register('description')}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <AddressField
            form={form}
            end="pickup"
            label="Adresse de ramassage"
            hint="Choisissez une suggestion pour placer la mission précisément."
            error={errors.pickupAddress?.message}
          />
          <AddressField
            form={form}
            end="delivery"
            label="Adresse de livraison"
            error={errors.deliveryAddress?.message}
          />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Début"
            type="datetime-local"
            error={errors.startDate?.message}
            {...form.register('startDate')}
          />
          <TextField
            label="Fin"
            type="datetime-local"
            error={errors.endDate?.message}
            {...form.register('endDate')}
          />
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          <SelectField
            label="Type de véhicule"
            placeholder="Choisir…"
            options={VEHICLE_TYPES.map((type) => ({ value: type, label: VEHICLE_LABELS[type] }))}
            error={errors.vehicleType?.message}
            {...form.register('vehicleType')}
          />
          <TextField
            label="Prix (€)"
            inputMode="decimal"
            placeholder="420"
            error={errors.price?.message}
            {...form.register('price')}
          />
          <SelectField
            label="Tarification"
            options={Object.entries(PRICING_LABELS).map(([value, label]) => ({ value, label }))}
            error={errors.pricingType?.message}
            {...form.register('pricingType')}
          />
        </div>
        {vehicle && (
          <p className="text-sm text-ink-muted">Permis demandé : {VEHICLE_LICENSE[vehicle]} au minimum.</p>
        )}
        <div className="space-y-1.5 md:max-w-sm">
          <SelectField
            label="Délai de paiement"
            options={PAYMENT_TERMS.map((terms) => ({ value: terms, label: PAYMENT_TERMS_LABELS[terms] }))}
            error={errors.paymentTerms?.message}
            {...(errors.paymentTerms ? {} : { 'aria-describedby': termsNoteId })}
            {...form.register('paymentTerms')}
          />
          <p id={termsNoteId} className="text-sm text-ink-muted">
            {PAYMENT_TERMS_LEGAL_NOTE}
          </p>
        </div>
        <TextField
          label="Marchandise (facultatif)"
          placeholder="Produits frais, palettes, vrac…"
          {...form.register('cargoType')}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Poids brut (facultatif)"
            placeholder="Ex. 24 t ou 800 kg"
            hint="En tonnes (t) ou en kilos (kg), 44 t au plus. Figure sur l’ordre de transport."
            autoComplete="off"
            error={errors.cargoWeightKg?.message}
            {...form.register('cargoWeightKg')}
          />
          <TextField
            label="Nombre de palettes (facultatif)"
            placeholder="Ex. 33"
            inputMode="numeric"
            autoComplete="off"
            error={errors.palletCount?.message}
            {...form.register('palletCount')}
          />
        </div>
        <FreightFields form={form} />
        <CheckboxGroup
          legend="Documents exigés"
          options={REQUIRED_DOCUMENTS.map((document) => ({
            value: document,
            label: DOCUMENT_LABELS[document],
          }))}
          registration={form.register('requiredDocuments')}
        />
        {adrClass && !requiredDocuments?.includes('adr') && (
          <p className="-mt-2 text-sm text-ink-muted">
            Le certificat ADR est exigé d’office par la classe ADR choisie plus haut.
          </p>
        )}
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Cadre d’engagement du chauffeur</legend>
          <div className="grid gap-3 md:grid-cols-2">
            {ENGAGEMENT_TYPES.map((type) => (
              <label
                key={type}
                className={`flex cursor-pointer gap-3 rounded-xl border p-4 ${engagement === type ? 'border-accent bg-brand-500/10' : 'border-line'}`}
              >
                <input
                  type="radio"
                  value={type}
                  className="mt-1 h-5 w-5 accent-[var(--accent)]"
                  {...form.register('engagementType')}
                />
                <span>
                  <span className="block font-semibold">{ENGAGEMENT_LABELS[type]}</span>
                  <span className="mt-1 block text-sm text-ink-muted">{ENGAGEMENT_EXPLANATIONS[type]}</span>
                </span>
              </label>
            ))}
          </div>
          <p className="text-sm text-ink-muted">
            {online
              ? 'Le prix convenu ici est payé en ligne par carte : un acompte quand vous retenez le chauffeur, le solde à la fin de la mission ; le chauffeur est payé quand vous validez.'
              : 'Le prix et le délai de paiement convenus ici sont réglés directement entre vous et le chauffeur, par virement. Relais calcule le montant dû, émet la facture ou le relevé d’heures et suit le paiement.'}
          </p>
        </fieldset>
        {waitingBilled ? (
          <fieldset className="space-y-3 rounded-xl border border-line p-4">
            <legend className="px-1 text-sm font-semibold">Tarif d’attente (facultatif)</legend>
            <p className="text-sm text-ink-muted">
              L’attente du chauffeur au chargement et à la livraison, comme dans les contrats types : une
              franchise pour chaque opération, puis un prix par quart d’heure commencé, ajouté à la facture.
              Sans prix, l’attente est relevée mais pas facturée.
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              <SelectField
                label="Franchise par opération"
                options={WAITING_FRANCHISE_CHOICES.map((minutes) => ({
                  value: String(minutes),
                  label: franchiseLabel(minutes),
                }))}
                error={errors.waitingFranchiseMinutes?.message}
                {...form.register('waitingFranchiseMinutes', { shouldUnregister: true })}
              />
              <TextField
                label="Prix par quart d’heure commencé (€ HT)"
                inputMode="decimal"
                placeholder="Ex. 12,50"
                autoComplete="off"
                error={errors.waitingQuarterPrice?.message}
                {...form.register('waitingQuarterPrice', { shouldUnregister: true })}
              />
            </div>
          </fieldset>
        ) : (
          engagement === 'independent' && (
            <p className="text-sm text-ink-muted">
              Un tarif d’attente se fixe avec un prix au forfait : à l’heure ou à la journée, l’attente est
              déjà payée.
            </p>
          )
        )}
        <Checkbox label="Mission urgente" className="font-semibold" {...form.register('urgency')} />
        {!mission && !template && (
          <Checkbox
            label="Répéter cette mission (mission récurrente)"
            className="font-semibold"
            checked={repeat}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setRepeat(checked);
              const weekday = weekdayOf(form.getValues('startDate'));
              if (checked && weekday && rule.getValues('weekdays').length === 0)
                rule.setValue('weekdays', [String(weekday)]);
            }}
          />
        )}
        {repeat && <RecurrenceFields form={rule} />}
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement...' : words.submit}
        </Button>
      </FormFields>
    </form>
  );
}
