import { EQUIPMENT_LABELS } from '#core/rules/freight.js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, ExternalLink } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { LICENSE_TYPES } from '#core/rules/enums.js';
import { VEHICLE_LABELS, VEHICLE_TYPES } from '#core/rules/missions.js';
import type { ProfileFormValues, ProfileUpdate } from '#core/schemas/profile.js';
import { ME_KEY, useSession, type SessionUser } from '#web/lib/session.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { CommuneSuggestions } from '#web/lib/places.js';
import { Button } from '#web/ui/button.js';
import { PageHeader } from '#web/ui/empty-state.js';
import { CheckboxGroup, FormFields, SelectField, TextField, PhoneField } from '#web/ui/field.js';
import { Avatar } from '#web/ui/avatar.js';
import { useToast } from '#web/ui/toast.js';
import { MyBadgesSection } from './badges-section.js';

const resolver = lazyResolver<ProfileFormValues>(
  async () => (await import('./resolvers.js')).profileResolver as never,
);
// The equipment's words are those the eligibility rules read (core/rules/freight.ts).
const CERTIFICATIONS = [
  'FIMO',
  'FCO',
  'ADR',
  EQUIPMENT_LABELS.tail_lift,
  'Grue auxiliaire',
  'CACES R489',
  EQUIPMENT_LABELS.atp,
];

function uploadAvatar(file: File): Promise<SessionUser> {
  const form = new FormData();
  form.append('image', file, file.name);
  return apiRequest<SessionUser>('POST', '/api/profile/avatar', form);
}

function ProfileForm({ user }: { user: SessionUser }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const isDriver = user.role === 'driver';
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: resolver as never,
    defaultValues: {
      fullName: user.fullName,
      phone: user.phone ?? '',
      currentLocation: user.currentLocation ?? '',
      ...(isDriver
        ? {
            licenseType: (user.licenseType ?? undefined) as ProfileFormValues['licenseType'],
            licenseNumber: user.licenseNumber ?? undefined,
            yearsExperience: user.yearsExperience,
            vehicleTypes: user.vehicleTypes as ProfileFormValues['vehicleTypes'],
            certifications: user.certifications,
            transportRegisterNumber: user.transportRegisterNumber ?? '',
          }
        : { companyName: user.companyName ?? undefined, siretNumber: user.siretNumber ?? undefined }),
    },
  });
  const save = useMutation({
    mutationFn: (values: ProfileUpdate) => apiRequest<SessionUser>('PUT', '/api/profile', values),
    onSuccess: (updated) => {
      queryClient.setQueryData(ME_KEY, updated);
      toast({ title: 'Profil enregistré' });
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
  return (
    <form
      noValidate
      onFocusCapture={resolver.preload}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <FormFields className="space-y-5">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={isDriver ? 'Nom complet' : 'Nom du contact'}
            autoComplete="name"
            error={errors.fullName?.message}
            {...form.register('fullName')}
          />
          <PhoneField error={errors.phone?.message} {...form.register('phone')} />
        </div>
        <TextField
          label={isDriver ? 'Ville de départ habituelle' : 'Ville du siège'}
          list="profile-places"
          hint={isDriver ? 'Les recherches « autour de moi » partent de là.' : undefined}
          error={errors.currentLocation?.message}
          {...form.register('currentLocation')}
        />
        <CommuneSuggestions id="profile-places" text={form.watch('currentLocation') ?? ''} />
        {isDriver ? (
          <>
            <div className="grid gap-4 md:grid-cols-3">
              <SelectField
                label="Type de permis"
                options={LICENSE_TYPES.map((type) => ({ value: type, label: `Permis ${type}` }))}
                error={errors.licenseType?.message}
                {...form.register('licenseType')}
              />
              <TextField
                label="Numéro de permis"
                error={errors.licenseNumber?.message}
                {...form.register('licenseNumber')}
              />
              <TextField
                label="Années d'expérience"
                type="number"
                min={0}
                max={60}
                inputMode="numeric"
                error={errors.yearsExperience?.message}
                {...form.register('yearsExperience')}
              />
            </div>
            <CheckboxGroup
              legend="Véhicules que je conduis"
              columns
              options={VEHICLE_TYPES.map((type) => ({ value: type, label: VEHICLE_LABELS[type] }))}
              registration={form.register('vehicleTypes')}
            />
            <CheckboxGroup
              legend="Qualifications"
              options={CERTIFICATIONS.map((name) => ({ value: name, label: name }))}
              registration={form.register('certifications')}
            />
            <TextField
              label="N° d’inscription au registre des transporteurs (facultatif)"
              autoComplete="off"
              hint="Transporteur indépendant : recopiez-le tel qu’il figure sur votre licence. Il est imprimé sur vos ordres de transport."
              error={errors.transportRegisterNumber?.message}
              {...form.register('transportRegisterNumber')}
            />
          </>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Nom de l'entreprise"
              error={errors.companyName?.message}
              {...form.register('companyName')}
            />
            <TextField
              label="Numéro SIRET"
              inputMode="numeric"
              error={errors.siretNumber?.message}
              {...form.register('siretNumber')}
            />
          </div>
        )}
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
      </FormFields>
    </form>
  );
}

/** /profile: my photo and the details transporters (or drivers) see. */
export function ProfilePage() {
  const { user } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const avatar = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (updated) => {
      queryClient.setQueryData(ME_KEY, updated);
      toast({ title: 'Photo mise à jour' });
    },
    onError: (error) =>
      toast({
        title: 'Photo refusée',
        description: errorMessage(error, 'Réessayez.'),
        variant: 'destructive',
      }),
  });
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Profil"
        description="Ce que les autres membres voient de vous."
        actions={
          <Link
            href={`/profile/${user.id}`}
            className="flex items-center gap-1 font-semibold text-accent underline"
          >
            Voir mon profil public <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </Link>
        }
      />
      <section
        aria-label="Photo"
        className="mb-5 flex items-center gap-4 rounded-2xl border border-line bg-surface-raised p-5"
      >
        <Avatar src={user.avatar} size="lg" alt={user.avatar ? 'Votre photo' : ''} />
        <div>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            aria-label="Choisir une photo"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) avatar.mutate(file);
              event.target.value = '';
            }}
          />
          <Button variant="secondary" disabled={avatar.isPending} onClick={() => input.current?.click()}>
            <Camera className="h-4 w-4" aria-hidden="true" />
            {avatar.isPending ? 'Envoi...' : 'Changer la photo'}
          </Button>
          <p className="mt-1 text-sm text-ink-muted">PNG, JPEG ou WebP, 2 Mo au plus.</p>
        </div>
      </section>
      <section aria-label="Informations" className="rounded-2xl border border-line bg-surface-raised p-5">
        <ProfileForm user={user} />
      </section>
      {/* Badges are for drivers: their own, and the way to the others. */}
      {user.role === 'driver' && (
        <div className="mt-5">
          <MyBadgesSection />
        </div>
      )}
    </div>
  );
}
