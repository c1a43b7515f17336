import type { UseFormReturn } from 'react-hook-form';
import {
  ADR_CLASS_LABELS,
  ADR_CLASSES,
  DANGEROUS_GOODS_LABEL,
  EQUIPMENT,
  EQUIPMENT_LABELS,
  formatTemperature,
  TEMPERATURE_MAX_C,
  TEMPERATURE_MIN_C,
} from '#core/rules/freight.js';
import type { Mission, MissionFormValues, MissionInput } from '#core/schemas/missions.js';
import { CheckboxGroup, SelectField, TextField } from '#web/ui/field.js';
import { isoToLocalInput } from './format.js';

/** The freight's fields as the form writes them: empty, or the mission's values (decision 052). */
export function freightDefaults(mission?: Mission): Partial<MissionFormValues> {
  const local = (iso: string | null | undefined) => (iso ? isoToLocalInput(iso) : '');
  return {
    loadingStart: local(mission?.loadingStart),
    loadingEnd: local(mission?.loadingEnd),
    deliveryStart: local(mission?.deliveryStart),
    deliveryEnd: local(mission?.deliveryEnd),
    temperatureC: mission?.temperatureC == null ? '' : String(mission.temperatureC),
    adrClass: mission?.adrClass ?? '',
    unNumber: mission?.unNumber ? `UN ${mission.unNumber}` : '',
    requiredEquipment: mission?.requiredEquipment ?? [],
  };
}

/**
 * The loading and delivery slots, the temperature set-point, the dangerous goods and the vehicle's equipment: all
 * optional, checked by the same schema as the API (core/schemas/freight.ts), each message under its field.
 */
export function FreightFields({ form }: { form: UseFormReturn<MissionFormValues, unknown, MissionInput> }) {
  const { errors } = form.formState;
  return (
    <fieldset className="space-y-4 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold">Créneaux et exigences (facultatif)</legend>
      <div className="grid gap-4">
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">Créneau de chargement</legend>
          <TextField
            label="Chargement à partir de"
            type="datetime-local"
            error={errors.loadingStart?.message}
            {...form.register('loadingStart')}
          />
          <TextField
            label="Chargement jusqu’à"
            type="datetime-local"
            error={errors.loadingEnd?.message}
            {...form.register('loadingEnd')}
          />
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">Créneau de livraison</legend>
          <TextField
            label="Livraison à partir de"
            type="datetime-local"
            error={errors.deliveryStart?.message}
            {...form.register('deliveryStart')}
          />
          <TextField
            label="Livraison jusqu’à"
            type="datetime-local"
            error={errors.deliveryEnd?.message}
            {...form.register('deliveryEnd')}
          />
        </fieldset>
      </div>
      <p className="text-sm text-ink-muted">
        Chaque créneau se place entre le début et la fin de la mission ; la livraison ne commence pas avant le
        chargement.
      </p>
      <CheckboxGroup
        legend="Équipement exigé du véhicule"
        options={EQUIPMENT.map((equipment) => ({ value: equipment, label: EQUIPMENT_LABELS[equipment] }))}
        registration={form.register('requiredEquipment')}
      />
      <div className="md:max-w-sm">
        <TextField
          label="Température de consigne (°C)"
          placeholder="Ex. 4 ou −18"
          hint={`De ${formatTemperature(TEMPERATURE_MIN_C)} à ${formatTemperature(TEMPERATURE_MAX_C)}, avec «\u00a0${EQUIPMENT_LABELS.atp}\u00a0» coché.`}
          autoComplete="off"
          error={errors.temperatureC?.message}
          {...form.register('temperatureC')}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          label={`${DANGEROUS_GOODS_LABEL} : classe`}
          placeholder="Aucune"
          options={ADR_CLASSES.map((adrClass) => ({ value: adrClass, label: ADR_CLASS_LABELS[adrClass] }))}
          error={errors.adrClass?.message}
          {...form.register('adrClass')}
        />
        <TextField
          label="Numéro ONU"
          placeholder="Ex. UN 1203"
          hint="Avec la classe : le certificat ADR du chauffeur est exigé d’office."
          autoComplete="off"
          error={errors.unNumber?.message}
          {...form.register('unNumber')}
        />
      </div>
    </fieldset>
  );
}
