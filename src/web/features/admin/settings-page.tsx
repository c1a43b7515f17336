import { formatLongDateTime } from '#core/rules/french-dates.js';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { SITE_TEXT_SETTINGS, type SiteSettingKey } from '#core/schemas/site-settings.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { PageHeader } from '#web/ui/empty-state.js';
import { EmailField, TextAreaField, TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { useAdminSiteSettings, useSaveSiteSettings } from './settings-api.js';
import { SettingsLogos } from './settings-logos.js';

type Values = Partial<Record<SiteSettingKey, string>>;

const resolver = lazyResolver<Values>(
  async () => (await import('./resolvers.js')).siteSettingsResolver as never,
);

const CONTACT_KEYS = ['contactEmail', 'supportHours'] as const satisfies readonly SiteSettingKey[];
const PUBLISHER_KEYS = [
  'legalPublisherName',
  'legalPublisherForm',
  'legalPublisherAddress',
  'legalPublisherRegistration',
  'legalPublicationDirector',
] as const satisfies readonly SiteSettingKey[];
const INVOICE_KEYS = [
  'legalPublisherSiret',
  'legalPublisherVatNumber',
  'legalPublisherIban',
] as const satisfies readonly SiteSettingKey[];
const HOST_KEYS = [
  'legalHostName',
  'legalHostAddress',
  'legalHostPhone',
] as const satisfies readonly SiteSettingKey[];
const MULTILINE: ReadonlySet<SiteSettingKey> = new Set(['legalPublisherAddress', 'legalHostAddress']);

const PLACEHOLDERS: Partial<Record<SiteSettingKey, string>> = {
  supportHours: 'Du lundi au vendredi, 8 h – 18 h',
  legalPublisherName: 'Relais SAS',
  legalPublisherForm: 'SAS au capital de 10 000 €',
  legalPublisherRegistration: 'SIRET 123 456 789 00012 — RCS Lyon',
  legalPublisherSiret: '732 829 320 00074',
  legalPublisherVatNumber: 'FR44732829320',
  legalPublisherIban: 'FR76 3000 6000 0112 3456 7890 189',
  legalHostName: 'OVH SAS',
  legalHostPhone: '+33 9 72 10 10 07',
};

const labelOf = (key: SiteSettingKey) =>
  key === 'contactEmail' ? 'E-mail de contact' : SITE_TEXT_SETTINGS[key].label;

/** One form of the page: its own fields, saved together; the server's errors under each field. */
function SettingsForm({
  id,
  title,
  description,
  keys,
  stored,
}: {
  id: string;
  title: string;
  description: string;
  keys: readonly SiteSettingKey[];
  stored: Record<string, string | null>;
}) {
  const save = useSaveSiteSettings();
  const toast = useToast();
  // Saved elsewhere (another administrator, another form): the fields show what is stored.
  const storedKey = keys.map((key) => stored[key] ?? '').join('\u0000');
  const values = useMemo(
    () => Object.fromEntries(keys.map((key) => [key, stored[key] ?? ''])) as Values,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the stored values, compared by value
    [storedKey],
  );
  const form = useForm<Values>({ resolver, values });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () =>
        toast({ title: 'Paramètres enregistrés', description: 'Ils s’appliquent déjà au site.' }),
      onError: (error) => {
        showFieldErrors(form, error);
        toast({
          title: 'Paramètres non enregistrés',
          description: errorMessage(error, 'Réessayez dans un instant.'),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface-raised p-4 sm:p-6">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mb-4 text-sm text-ink-muted">{description}</p>
      <form
        onSubmit={(event) => void onSubmit(event)}
        onFocus={resolver.preload}
        noValidate
        className="grid gap-4 md:grid-cols-2"
      >
        {keys.map((key) => {
          const common = {
            label: labelOf(key),
            ...form.register(key),
            error: errors[key]?.message,
            placeholder: PLACEHOLDERS[key],
            maxLength: key === 'contactEmail' ? 254 : SITE_TEXT_SETTINGS[key].max,
          };
          if (key === 'contactEmail') return <EmailField key={key} {...common} autoComplete="off" />;
          return MULTILINE.has(key) ? (
            <TextAreaField key={key} rows={2} {...common} />
          ) : (
            <TextField key={key} {...common} />
          );
        })}
        <div className="md:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The maintenance message: shown to every visitor and member while it is set. */
function MaintenanceForm({ stored }: { stored: string | null }) {
  const values = useMemo(() => ({ maintenanceMessage: stored ?? '' }), [stored]);
  const form = useForm<Values>({ resolver, values });
  const { errors } = form.formState;
  const message = form.watch('maintenanceMessage') ?? '';
  const save = useSaveSiteSettings();
  const toast = useToast();

  const send = (value: string) =>
    save.mutate(
      { maintenanceMessage: value },
      {
        onSuccess: () =>
          toast({
            title: value.trim() ? 'Message de maintenance affiché' : 'Message de maintenance retiré',
            description: value.trim() ? 'Tous les visiteurs le voient en haut des pages.' : undefined,
          }),
        onError: (failure) => {
          showFieldErrors(form, failure);
          toast({
            title: 'Message non enregistré',
            description: errorMessage(failure, 'Réessayez dans un instant.'),
            variant: 'destructive',
          });
        },
      },
    );
  const submit = form.handleSubmit((input) => send(input.maintenanceMessage ?? ''));

  return (
    <section
      aria-labelledby="maintenance"
      className="rounded-2xl border border-line bg-surface-raised p-4 sm:p-6"
    >
      <h2 id="maintenance" className="text-lg font-bold">
        Message de maintenance
      </h2>
      <p className="mb-4 text-sm text-ink-muted">
        {stored
          ? 'Affiché en ce moment en haut de toutes les pages, pour les visiteurs comme pour les membres.'
          : 'Aucun message en ce moment. Écrivez-en un pour prévenir d’une interruption : il s’affiche en haut de toutes les pages.'}
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={resolver.preload}
        className="space-y-4"
      >
        <TextAreaField
          label="Message affiché"
          rows={3}
          {...form.register('maintenanceMessage')}
          maxLength={SITE_TEXT_SETTINGS.maintenanceMessage.max}
          placeholder="Maintenance prévue ce soir de 22 h à 23 h : le site sera indisponible quelques minutes."
          error={errors.maintenanceMessage?.message}
          hint={`${message.length} / ${SITE_TEXT_SETTINGS.maintenanceMessage.max} caractères`}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {stored ? 'Mettre à jour le message' : 'Afficher le message'}
          </Button>
          {stored && (
            <Button variant="secondary" disabled={save.isPending} onClick={() => send('')}>
              Retirer le message
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}

/** /admin/parametres: what every visitor sees of Relais itself (logos, contact, legal notice, maintenance). */
export function AdminSettingsPage() {
  const query = useAdminSiteSettings();
  const data = query.data;
  return (
    <>
      <PageHeader
        title="Paramètres du site"
        description="Logos, coordonnées, mentions légales et message de maintenance. Chaque changement s’applique aussitôt, demande votre mot de passe s’il date de plus de 5 minutes et est inscrit au journal."
      />
      {query.isPending ? (
        <Spinner />
      ) : query.isError || !data ? (
        <p role="alert" className="text-danger">
          Les paramètres n’ont pas pu être chargés. Réessayez dans un instant.
        </p>
      ) : (
        <div className="space-y-8">
          {data.updatedAt && (
            <p className="text-sm text-ink-muted">
              Dernière modification : {formatLongDateTime(data.updatedAt)}
            </p>
          )}
          <MaintenanceForm stored={data.settings.maintenanceMessage ?? null} />
          <SettingsLogos settings={data.settings} />
          <SettingsForm
            id="contact"
            title="Contact et support"
            description="L’adresse est affichée dans le pied de page, l’aide et les pages légales ; les horaires à côté."
            keys={CONTACT_KEYS}
            stored={data.settings}
          />
          <SettingsForm
            id="editeur"
            title="Mentions légales : éditeur"
            description="Affichées sur la page « Mentions légales ». Tant que la raison sociale est vide, la page indique que ces informations sont communiquées sur simple demande."
            keys={PUBLISHER_KEYS}
            stored={data.settings}
          />
          <SettingsForm
            id="factures"
            title="Factures des formules"
            description="Relais émet les factures des formules (Factur-X) au nom de l’éditeur : raison sociale et adresse du siège ci-dessus, SIRET et numéro de TVA ici ; l’IBAN figure sur celles réglées par virement. Tant qu’il manque l’un d’eux, les factures attendent et partent dès qu’il est renseigné."
            keys={INVOICE_KEYS}
            stored={data.settings}
          />
          <SettingsForm
            id="hebergeur"
            title="Mentions légales : hébergeur"
            description="Nom, adresse et téléphone de l’hébergeur du site (obligatoires au titre de la loi pour la confiance dans l’économie numérique)."
            keys={HOST_KEYS}
            stored={data.settings}
          />
        </div>
      )}
    </>
  );
}
