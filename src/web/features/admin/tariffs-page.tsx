import { useMemo } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { planVatText, tariffPrice } from '#core/rules/billing.js';
import {
  TARIFF_LABELS,
  TARIFFS_EXCL_TAX,
  annualSaving,
  formatEuros,
  validateTariffs,
  type Tariffs,
} from '#core/rules/tariffs.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { useTariffs } from '#web/lib/tariffs.js';
import { Button } from '#web/ui/button.js';
import { PageHeader } from '#web/ui/empty-state.js';
import { TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { useSaveTariffs } from './settings-api.js';

type Key = keyof Tariffs;
type Texts = Record<Key, string>;

const GROUPS: Array<{ id: string; title: string; keys: Key[] }> = [
  { id: 'chauffeurs-gratuit', title: 'Chauffeurs : Freemium', keys: ['driverFreemium'] },
  {
    id: 'chauffeurs-premium',
    title: 'Chauffeurs : Premium',
    keys: ['driverPremiumMonthly', 'driverPremiumAnnual'],
  },
  { id: 'chauffeurs-elite', title: 'Chauffeurs : Elite', keys: ['driverEliteMonthly', 'driverEliteAnnual'] },
  { id: 'transporteurs', title: 'Transporteurs', keys: ['transporterMonthly', 'transporterAnnual'] },
];

/** 14.9 → "14,90" (what the field shows); the field also takes "14.9". */
const toText = (amount: number) => amount.toFixed(2).replace('.', ',');
/** "14,90" → 14.9; anything that is not a plain amount → NaN (refused with 'Le tarif doit être positif'). */
function toNumber(text: string): number {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
const textsOf = (tariffs: Tariffs) =>
  Object.fromEntries(Object.entries(tariffs).map(([key, value]) => [key, toText(value)])) as Texts;

/** The fields read as amounts and checked by the rule the server applies (core/rules/tariffs.ts). */
const resolver: Resolver<Texts, unknown, Tariffs> = async (texts) => {
  const parsed = validateTariffs(
    Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, toNumber(text)])),
  );
  if (parsed.ok) return { values: parsed.tariffs, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(parsed.errors).map(([key, message]) => [key, { type: 'validate', message }]),
  ) as FieldErrors<Texts>;
  return { values: {}, errors };
};

/** /admin/tarifs: the seven tariffs (docs/specification.md §3, §9) every visitor's pricing page and the plan prices follow. */
export function AdminTariffsPage() {
  const current = useTariffs();
  const save = useSaveTariffs();
  const toast = useToast();
  // Saved elsewhere (another administrator): the fields show what is stored.
  const currentKey = JSON.stringify(current);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the stored tariffs, compared by value
  const stored = useMemo(() => textsOf(current), [currentKey]);
  const form = useForm<Texts, unknown, Tariffs>({ resolver, values: stored });
  const { errors } = form.formState;
  const texts = form.watch();

  const onSubmit = form.handleSubmit((tariffs) =>
    save.mutate(tariffs, {
      onSuccess: () =>
        toast({
          title: 'Tarifs enregistrés',
          description: 'La page Tarifs, l’accueil et les prix des formules les affichent déjà.',
        }),
      onError: (error) => {
        showFieldErrors(form, error);
        toast({
          title: 'Tarifs non enregistrés',
          description: errorMessage(error, 'Réessayez dans un instant.'),
          variant: 'destructive',
        });
      },
    }),
  );

  const monthlyOf: Partial<Record<Key, Key>> = {
    driverPremiumAnnual: 'driverPremiumMonthly',
    driverEliteAnnual: 'driverEliteMonthly',
    transporterAnnual: 'transporterMonthly',
  };

  return (
    <>
      <PageHeader
        title="Tarifs"
        description="Prix des formules en euros : TTC pour les chauffeurs, HT pour les transporteurs (la TVA à 20 % s’y ajoute). Ils s’affichent aussitôt sur la page Tarifs et l’accueil, et servent aux prochaines souscriptions et factures. Changer un tarif demande votre mot de passe s’il date de plus de 5 minutes ; c’est inscrit au journal."
      />
      <p className="mb-6 max-w-3xl rounded-xl bg-brand-500/10 px-4 py-3 text-sm">
        Les abonnements déjà en cours gardent le prix auquel ils ont été souscrits (chez Stripe comme sur
        facture) : le nouveau tarif vaut pour les souscriptions et renouvellements accordés ensuite.
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6">
        <div className="grid gap-4 lg:grid-cols-2">
          {GROUPS.map((group) => (
            <fieldset key={group.id} className="rounded-2xl border border-line bg-surface-raised p-4 sm:p-5">
              <legend className="px-1 text-lg font-bold">{group.title}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {group.keys.map((key) => {
                  const monthly = monthlyOf[key];
                  const annual = toNumber(texts[key]);
                  const perMonth = monthly ? toNumber(texts[monthly]) : Number.NaN;
                  const saving =
                    monthly && Number.isFinite(annual) && Number.isFinite(perMonth)
                      ? annualSaving(perMonth, annual)
                      : null;
                  const exclTax = TARIFFS_EXCL_TAX.includes(key);
                  const unit = exclTax ? '\u00a0HT' : '';
                  const hint =
                    saving === null
                      ? key === 'driverFreemium'
                        ? '0 : la formule est gratuite.'
                        : 'Prix par mois.'
                      : saving >= 0
                        ? `Soit ${formatEuros(saving)}${unit} d’économie sur 12 mois.`
                        : `Plus cher que 12 mois (${formatEuros(-saving)}${unit} de plus).`;
                  const entered = toNumber(texts[key]);
                  // Before VAT: the VAT and the total charged, as core computes them for the plan.
                  const withVat =
                    exclTax && Number.isFinite(entered) && entered >= 0 && entered < 1e9
                      ? `${planVatText(tariffPrice(key, Math.round(entered * 100) / 100))}. `
                      : '';
                  return (
                    <TextField
                      key={key}
                      label={`${TARIFF_LABELS[key]} (${exclTax ? '€\u00a0HT' : '€\u00a0TTC'})`}
                      inputMode="decimal"
                      autoComplete="off"
                      {...form.register(key)}
                      error={errors[key]?.message}
                      hint={`${withVat}${hint}`}
                    />
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement…' : 'Enregistrer les tarifs'}
        </Button>
      </form>
    </>
  );
}
