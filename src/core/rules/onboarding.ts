/**
 * "Pour bien démarrer" on the dashboard: the first steps of each role, each ticked from the account's real state,
 * the whole list gone once every step is done (decision 014). Only steps the product can do today are listed.
 */
export interface OnboardingStep {
  key: 'email' | 'profile' | 'first';
  label: string;
  /** Where to do it; none once done. */
  href: string | null;
  done: boolean;
}

interface AccountState {
  emailVerified: boolean;
  currentLocation: string | null;
  vehicleTypes: string[];
}

/** A driver's profile is complete with a home city and the vehicles they drive (what new-mission alerts use). */
function profileComplete(role: 'driver' | 'transporter', user: AccountState): boolean {
  const city = Boolean(user.currentLocation?.trim());
  return role === 'driver' ? city && user.vehicleTypes.length > 0 : city;
}

export function onboardingSteps(
  role: 'driver' | 'transporter',
  user: AccountState,
  firstStepDone: boolean,
): OnboardingStep[] {
  const profile = profileComplete(role, user);
  return [
    {
      key: 'email',
      label: user.emailVerified
        ? 'Adresse email vérifiée'
        : 'Confirmez votre adresse email grâce au lien reçu.',
      href: null,
      done: user.emailVerified,
    },
    {
      key: 'profile',
      label:
        role === 'driver'
          ? profile
            ? 'Profil complété : ville et véhicules renseignés'
            : 'Indiquez votre ville et les véhicules que vous conduisez : vous serez alerté des missions qui vous correspondent.'
          : profile
            ? 'Profil complété : ville renseignée'
            : 'Indiquez la ville de votre entreprise : les chauffeurs savent d’où partent vos missions.',
      href: profile ? null : '/profile',
      done: profile,
    },
    {
      key: 'first',
      label:
        role === 'driver'
          ? firstStepDone
            ? 'Première candidature envoyée'
            : 'Postulez à une première mission.'
          : firstStepDone
            ? 'Première mission publiée'
            : 'Publiez votre première mission.',
      href: firstStepDone ? null : '/missions',
      done: firstStepDone,
    },
  ];
}
