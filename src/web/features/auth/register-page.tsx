import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { LICENSE_TYPES } from '#core/rules/enums.js';
import type { companyRegistrationSchema, driverRegistrationSchema } from '#core/schemas/auth.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { useHydrated } from '#web/lib/hydrated.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { pendingReturnPath, rememberPageAwaitingConfirmation } from '#web/lib/return-path.js';
import { Button } from '#web/ui/button.js';
import { FormFields, PasswordField, SelectField, TextField, EmailField, PhoneField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { AuthCard } from '#web/ui/auth-card.js';

type DriverForm = z.input<typeof driverRegistrationSchema>;
type CompanyForm = z.input<typeof companyRegistrationSchema>;

const driverResolver = lazyResolver<DriverForm>(
  async () => (await import('./resolvers.js')).driverResolver as never,
);
const companyResolver = lazyResolver<CompanyForm>(
  async () => (await import('./resolvers.js')).companyResolver as never,
);

/** What the sign-up answered (decision 039): the same for a new address and for one that has an account. */
type Sent = { email: string; message: string };

/**
 * Sends the docs/specification.md §3 payload (the resolver's output is exactly that payload); server field errors
 * land under their fields, the rest in a toast (§8). The answer says to open the mail: the account is created by
 * its link (decision 039).
 */
function useRegistration<T extends FieldValues>(form: UseFormReturn<T>, onSent: (sent: Sent) => void) {
  const toast = useToast();
  return useMutation({
    mutationFn: (payload: { email: string }) =>
      apiRequest<{ message: string }>('POST', '/api/auth/register', payload),
    onSuccess: ({ message }, { email }) => {
      // A page asked for before signing up (a shared mission) is opened by the link, which may open in another tab.
      const back = pendingReturnPath();
      if (back) rememberPageAwaitingConfirmation(back);
      onSent({ email, message });
    },
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: "Erreur d'inscription",
        description: errorMessage(error, 'Une erreur est survenue'),
        variant: 'destructive',
      });
    },
  });
}

/** After the form: where the link went. Nothing here differs whether the address already had an account. */
function CheckYourMail({ sent, onChangeAddress }: { sent: Sent; onChangeAddress: () => void }) {
  // The button pressed is hidden now: the reading goes on here.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} role="status" className="space-y-4 outline-none">
      <MailCheck className="h-10 w-10 text-success" aria-hidden="true" />
      <p className="font-semibold break-words">E-mail envoyé à {sent.email}</p>
      <p>{sent.message}</p>
      <p className="text-sm text-ink-muted">
        {
          'Rien reçu d’ici quelques minutes\u00a0? Regardez dans les courriers indésirables, ou vérifiez l’adresse et recommencez.'
        }
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Button variant="ghost" className="px-0" onClick={onChangeAddress}>
          Modifier l’adresse
        </Button>
        <Link href="/login" className="self-center font-semibold text-accent underline">
          Se connecter
        </Link>
      </div>
    </div>
  );
}

function DriverRegistration({ onSent }: { onSent: (sent: Sent) => void }) {
  const form = useForm<DriverForm>({
    resolver: driverResolver,
    defaultValues: {
      userType: 'driver',
      fullName: '',
      email: '',
      phone: '',
      password: '',
      licenseNumber: '',
      licenseType: '',
      yearsExperience: 0,
      subscriptionPlan: 'basic',
      certifications: [],
    },
  });
  const register = useRegistration(form, onSent);
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onFocusCapture={driverResolver.preload}
      aria-label="Inscription chauffeur"
      onSubmit={form.handleSubmit((values) => register.mutate(values))}
    >
      <FormFields>
        <TextField
          label="Nom complet"
          autoComplete="name"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <PhoneField placeholder="06 12 34 56 78" error={errors.phone?.message} {...form.register('phone')} />
        <PasswordField
          label="Mot de passe"
          autoComplete="new-password"
          hint="6 caractères minimum"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Numéro de permis"
            error={errors.licenseNumber?.message}
            {...form.register('licenseNumber')}
          />
          <SelectField
            label="Type de permis"
            placeholder="Choisir…"
            options={LICENSE_TYPES.map((type) => ({ value: type, label: type }))}
            error={errors.licenseType?.message}
            {...form.register('licenseType')}
          />
        </div>
        <TextField
          label="Années d'expérience"
          type="number"
          min={0}
          max={60}
          inputMode="numeric"
          error={errors.yearsExperience?.message}
          {...form.register('yearsExperience')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Inscription...' : 'Créer mon compte chauffeur'}
        </Button>
      </FormFields>
    </form>
  );
}

function CompanyRegistration({ onSent }: { onSent: (sent: Sent) => void }) {
  const form = useForm<CompanyForm>({
    resolver: companyResolver,
    defaultValues: {
      userType: 'company',
      companyName: '',
      siretNumber: '',
      fullName: '',
      email: '',
      phone: '',
      password: '',
      subscriptionPlan: 'basic',
    },
  });
  const register = useRegistration(form, onSent);
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onFocusCapture={companyResolver.preload}
      aria-label="Inscription transporteur"
      onSubmit={form.handleSubmit((values) => register.mutate(values))}
    >
      <FormFields>
        <TextField
          label="Nom de l'entreprise"
          autoComplete="organization"
          error={errors.companyName?.message}
          {...form.register('companyName')}
        />
        <TextField
          label="Numéro SIRET"
          inputMode="numeric"
          placeholder="14 chiffres"
          error={errors.siretNumber?.message}
          {...form.register('siretNumber')}
        />
        <TextField
          label="Nom du contact"
          autoComplete="name"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <PhoneField placeholder="01 23 45 67 89" error={errors.phone?.message} {...form.register('phone')} />
        <PasswordField
          label="Mot de passe"
          autoComplete="new-password"
          hint="6 caractères minimum"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Inscription...' : 'Créer mon compte transporteur'}
        </Button>
      </FormFields>
    </form>
  );
}

const tabClass =
  'flex-1 rounded-lg px-3 py-2.5 font-semibold text-ink-muted data-[state=active]:bg-surface-raised data-[state=active]:text-ink data-[state=active]:shadow-sm';

export function RegisterPage() {
  const [tab, setTab] = useState('driver');
  const [sent, setSent] = useState<Sent | null>(null);
  // Like the fields: a tab tapped on the prerendered page before React takes over would do nothing.
  const hydrated = useHydrated();
  return (
    <AuthCard
      title={sent ? 'Vérifiez votre boîte mail' : 'Créer un compte'}
      subtitle={
        sent ? (
          'Votre compte sera prêt dès que vous aurez suivi le lien reçu.'
        ) : (
          <>
            Gratuit, sans carte bancaire. Déjà inscrit ?{' '}
            <Link href="/login" className="font-semibold text-accent underline">
              Se connecter
            </Link>
          </>
        )
      }
    >
      {sent && <CheckYourMail sent={sent} onChangeAddress={() => setSent(null)} />}
      {/* Kept while the mail is awaited: « Modifier l’adresse » brings the form back as it was typed. */}
      <div hidden={sent !== null}>
        <Tabs.Root value={tab} onValueChange={setTab}>
          <Tabs.List aria-label="Type de compte" className="mb-6 flex gap-1 rounded-xl bg-surface-sunken p-1">
            <Tabs.Trigger value="driver" className={tabClass} disabled={!hydrated}>
              Chauffeur
            </Tabs.Trigger>
            <Tabs.Trigger value="company" className={tabClass} disabled={!hydrated}>
              Transporteur
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="driver">
            <DriverRegistration onSent={setSent} />
          </Tabs.Content>
          <Tabs.Content value="company">
            <CompanyRegistration onSent={setSent} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </AuthCard>
  );
}
