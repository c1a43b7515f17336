import { BarChart3, BookOpen, Bug, CalendarDays, PlayCircle, Truck, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { useSession, type SessionUser } from '#web/app/session.js';
import { useContactEmail } from '#web/app/site-settings.js';
import { buttonClasses } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';

interface Section {
  title: string;
  icon: LucideIcon;
  empty: string;
  text: string | ((user: SessionUser) => string);
  /** Where to go meanwhile: what the product already offers for the same need. */
  action?: { href: string; label: string } | ((user: SessionUser) => { href: string; label: string });
}

/**
 * The user-area pages whose feature is not built yet: each says so plainly, never claims a state it cannot
 * know ("aucune livraison"), never invites to do what cannot be done, and points to what exists meanwhile.
 * Each feature's own screen replaces its entry here.
 */
const SECTIONS: Array<[RegExp, Section]> = [
  [
    /^\/analytics$/,
    {
      title: 'Analytics Avancés',
      icon: BarChart3,
      empty: 'Statistiques détaillées pas encore disponibles',
      text: 'Vos chiffres du mois (candidatures, missions, gains convenus) sont sur votre tableau de bord.',
      action: { href: '/dashboard', label: 'Tableau de bord' },
    },
  ],
  [
    /^\/mission\/[^/]+\/.+$/,
    {
      title: 'Mission',
      icon: Truck,
      empty: 'Mission introuvable',
      text: 'Cette mission n’existe pas ou n’est plus visible.',
      action: { href: '/missions', label: 'Mes missions' },
    },
  ],
  [
    /^\/availability$/,
    {
      title: 'Disponibilités',
      icon: CalendarDays,
      empty: 'Calendrier pas encore disponible',
      text: 'Vous recevez les alertes des missions qui correspondent à votre permis et à votre zone ; réglez-les dans Alertes & Notifications.',
      action: { href: '/alerts', label: 'Alertes & Notifications' },
    },
  ],
  [
    /^\/report-bug$/,
    {
      title: 'Signaler un bug',
      icon: Bug,
      empty: 'Un souci ?',
      text: 'Écrivez-nous en décrivant ce qui ne va pas et la page concernée : le support répond sous 24 heures ouvrées.',
    },
  ],
  [
    /^\/documentation$/,
    {
      title: 'Documentation chauffeur',
      icon: BookOpen,
      empty: 'Guide pas encore rédigé',
      text: 'Une question sur Relais ? Écrivez-nous : le support répond sous 24 heures ouvrées.',
    },
  ],
  [
    /^\/transporter-documentation$/,
    {
      title: 'Documentation transporteur',
      icon: BookOpen,
      empty: 'Guide pas encore rédigé',
      text: 'Une question sur Relais ? Écrivez-nous : le support répond sous 24 heures ouvrées.',
    },
  ],
];

export function WorkspacePage() {
  const [location] = useLocation();
  const { user } = useSession();
  const contact = useContactEmail();
  const section = SECTIONS.find(([pattern]) => pattern.test(location))?.[1];
  if (!section || !user) return null;
  const action = typeof section.action === 'function' ? section.action(user) : section.action;
  return (
    <>
      <PageHeader title={section.title} />
      <EmptyState
        icon={section.icon}
        title={section.empty}
        action={
          action ? (
            <Link href={action.href} className={buttonClasses('primary')}>
              {action.label}
            </Link>
          ) : (
            <a href={`mailto:${contact}`} className={buttonClasses('primary')}>
              Écrire à {contact}
            </a>
          )
        }
      >
        <p>{typeof section.text === 'function' ? section.text(user) : section.text}</p>
      </EmptyState>
    </>
  );
}

export function DemoPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <EmptyState
        icon={PlayCircle}
        title="Démonstration"
        action={
          <Link href="/register" className={buttonClasses('primary')}>
            Créer un compte gratuit
          </Link>
        }
      >
        <p>
          La démonstration avec des données de présentation n’est pas encore ouverte. En attendant, les
          missions ouvertes se consultent sans compte sur{' '}
          <Link href="/explorer" className="font-semibold text-accent underline">
            Explorer
          </Link>
          , et un compte gratuit se crée en deux minutes.
        </p>
      </EmptyState>
    </div>
  );
}
