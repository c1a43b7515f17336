import {
  ArrowLeftRight,
  Building2,
  CalendarClock,
  Check,
  LoaderCircle,
  Lock,
  MailX,
  MousePointerClick,
  RotateCcw,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { DEMO_IDLE_HOURS, demoMessages, type DemoRole } from '#core/rules/demo.js';
import { useLogout, useSession, type SessionUser } from '#web/lib/session.js';
import { useHydrated } from '#web/lib/hydrated.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { enterError, roleFromSearch, useEnterDemo } from './api.js';

interface Door {
  role: DemoRole;
  icon: LucideIcon;
  title: string;
  who: string;
  sees: string[];
  action: string;
}

const DOORS: Door[] = [
  {
    role: 'driver',
    icon: Truck,
    title: 'Côté chauffeur',
    who: 'Vous cherchez des missions courtes, près de chez vous.',
    sees: [
      'Des missions dans toute la France, à postuler en un geste',
      'Vos candidatures, vos alertes et vos conversations en cours',
      'Portefeuille, avis, badges et documents (dont un qui expire bientôt)',
    ],
    action: 'Essayer en tant que chauffeur',
  },
  {
    role: 'transporter',
    icon: Building2,
    title: 'Côté transporteur',
    who: 'Vous cherchez un chauffeur pour demain matin.',
    sees: [
      'Des candidatures à accepter sur vos missions publiées',
      'Une livraison en cours, suivie en direct sur la carte',
      'Vos échanges avec les chauffeurs, les paiements et l’historique',
    ],
    action: 'Essayer en tant que transporteur',
  },
];

const GOOD_TO_KNOW: Array<{ icon: LucideIcon; text: string }> = [
  {
    icon: ArrowLeftRight,
    text: 'Les deux côtés du métier : le chauffeur qui postule, le transporteur qui choisit. Essayez l’un, puis l’autre.',
  },
  {
    icon: CalendarClock,
    text: 'Des données datées d’aujourd’hui : missions de demain matin, livraison en cours, messages de la veille.',
  },
  {
    icon: MousePointerClick,
    text: 'Tout est cliquable : postuler, accepter, discuter, publier, démarrer, livrer, noter. Vos interlocuteurs vous répondent.',
  },
  {
    icon: RotateCcw,
    text: '« Réinitialiser », dans le bandeau MODE DÉMO, remet toutes les données comme au départ, à tout moment.',
  },
  {
    icon: Lock,
    text: `Votre démo est privée : personne d’autre ne la voit, et elle est supprimée après ${DEMO_IDLE_HOURS} h sans activité.`,
  },
  {
    icon: MailX,
    text: 'Rien ne part : aucun e-mail, aucune notification, aucun paiement. Personnes et entreprises sont fictives.',
  },
];

/** Signed in already: a real account is told how to try the demo; a demo account, how to get back to it. */
function SignedInNotice({ user }: { user: SessionUser }) {
  const logout = useLogout('/demo');
  if (user.isDemo)
    return (
      <div
        role="status"
        className="mt-6 flex flex-wrap items-center gap-3 rounded-2xl border border-accent bg-brand-500/10 p-4"
      >
        <p className="min-w-56 flex-1">
          Vous êtes dans la démo, côté {user.role === 'transporter' ? 'transporteur' : 'chauffeur'}. Choisir
          un côté ci-dessous ouvre une démo neuve à la place.
        </p>
        <Link href="/dashboard" className={buttonClasses('primary', 'sm')}>
          Reprendre ma démo
        </Link>
      </div>
    );
  return (
    <div
      role="status"
      className="mt-6 flex flex-wrap items-center gap-3 rounded-2xl border border-accent bg-brand-500/10 p-4"
    >
      <p className="min-w-56 flex-1">{demoMessages.signedIn}</p>
      <Button variant="secondary" size="sm" disabled={logout.isPending} onClick={() => logout.mutate(user)}>
        {logout.isPending ? 'Déconnexion...' : 'Se déconnecter'}
      </Button>
    </div>
  );
}

/**
 * /demo and /demo/login (decision 022): what the demo shows, for someone who has two minutes, and its two doors. One
 * click opens a private sandbox and the dashboard; `/demo/login?role=chauffeur|transporteur` (a shared link)
 * opens it without the click.
 */
export function DemoPage() {
  const { user, isLoading } = useSession();
  const hydrated = useHydrated();
  const search = useSearch();
  const enter = useEnterDemo(user);
  const { mutate: open } = enter;
  const realAccount = user !== null && !user.isDemo;
  const asked = useRef(false);
  const linkedRole = roleFromSearch(search);
  useEffect(() => {
    // Once the session is known: a real account gets the explanation rather than a refusal.
    if (asked.current || isLoading || !linkedRole || realAccount) return;
    asked.current = true;
    open(linkedRole);
  }, [isLoading, linkedRole, realAccount, open]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <p className="mb-3 inline-flex items-center gap-2 rounded-full border border-line bg-surface-raised px-3 py-1 text-sm font-semibold">
        <span className="rounded bg-accent px-1.5 text-xs font-extrabold tracking-wide text-accent-ink">
          DÉMO
        </span>
        Deux minutes, sans inscription
      </p>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Essayez Relais en un clic</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-muted">
        Entrez dans un compte de démonstration déjà rempli, chauffeur ou transporteur, et utilisez Relais
        comme si c’était le vôtre. Sans formulaire, sans e-mail, sans carte.
      </p>
      {user && <SignedInNotice user={user} />}
      <ul className="mt-8 grid gap-4 md:grid-cols-2">
        {DOORS.map((door) => {
          const busy = enter.isPending && enter.variables === door.role;
          return (
            <li
              key={door.role}
              className="flex flex-col rounded-2xl border border-line bg-surface-raised p-5 shadow-sm"
            >
              <div className="flex items-center gap-3">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-500/15 text-accent">
                  <door.icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <div>
                  <h2 className="text-xl font-extrabold">{door.title}</h2>
                  <p className="text-sm text-ink-muted">{door.who}</p>
                </div>
              </div>
              <ul className="mt-4 flex-1 space-y-2">
                {door.sees.map((line) => (
                  <li key={line} className="flex gap-2">
                    <Check className="mt-1 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                    {line}
                  </li>
                ))}
              </ul>
              <Button
                size="lg"
                className="mt-5 w-full"
                disabled={!hydrated || enter.isPending || realAccount}
                aria-busy={busy || undefined}
                onClick={() => open(door.role)}
              >
                {busy ? (
                  <>
                    <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" />
                    Préparation de votre démo...
                  </>
                ) : (
                  door.action
                )}
              </Button>
            </li>
          );
        })}
      </ul>
      {enter.isError && (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-danger/50 bg-danger/10 px-4 py-3 font-semibold text-danger"
        >
          {enterError(enter.error)}
        </p>
      )}
      <section aria-labelledby="demo-a-savoir" className="mt-12">
        <h2 id="demo-a-savoir" className="text-2xl font-bold">
          Ce que montre la démo
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {GOOD_TO_KNOW.map((item) => (
            <li key={item.text} className="flex gap-3 rounded-xl border border-line bg-surface-raised p-4">
              <item.icon className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <p className="mt-10 text-ink-muted">
        Prêt à l’utiliser pour de vrai ?{' '}
        <Link href="/register" className="font-semibold text-accent underline">
          Créer un compte gratuit
        </Link>
        , sans carte bancaire.
      </p>
    </div>
  );
}
