import {
  BarChart3,
  BookOpen,
  Bug,
  CalendarDays,
  CreditCard,
  FileText,
  PlayCircle,
  Route,
  Star,
  Truck,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { COORDINATION_NOTE, planSummary } from '#core/rules/plans.js';
import { useSession, type SessionUser } from '#web/app/session.js';
import { buttonClasses } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';

interface Section {
  title: string;
  icon: LucideIcon;
  empty: string;
  text: string | ((user: SessionUser) => string);
}

/** The user-area pages: each opens on its honest empty state until the feature's own screen replaces it. */
const SECTIONS: Array<[RegExp, Section]> = [
  [
    /^\/analytics$/,
    {
      title: 'Analytics Avancés',
      icon: BarChart3,
      empty: 'Pas encore de chiffres',
      text: 'Vos statistiques se construisent avec vos premières missions : revenus, missions réalisées, taux de réponse.',
    },
  ],
  [
    /^\/delivery-tracking$/,
    {
      title: 'Suivi des livraisons',
      icon: Route,
      empty: 'Aucune livraison en cours',
      text: 'Quand un chauffeur démarre l’une de vos missions, vous suivez ici chaque étape jusqu’à la livraison.',
    },
  ],
  [
    /^\/mission\/[^/]+\/tracking$/,
    {
      title: 'Suivi de mission',
      icon: Route,
      empty: 'Suivi indisponible',
      text: 'Le suivi s’affiche dès que la mission est en cours.',
    },
  ],
  [
    /^\/mission\/[^/]+\/payment$/,
    {
      title: 'Règlement de la mission',
      icon: CreditCard,
      empty: 'Rien à régler ici',
      text: 'Le prix et les conditions convenus sont rappelés ici ; le paiement se fait directement entre chauffeur et transporteur.',
    },
  ],
  [
    /^\/mission\/[^/]+\/review$/,
    {
      title: 'Laisser un avis',
      icon: Star,
      empty: 'Avis indisponible',
      text: 'Vous pourrez évaluer l’autre partie une fois la mission terminée.',
    },
  ],
  [
    /^\/mission\/[^/]+$/,
    {
      title: 'Mission',
      icon: Truck,
      empty: 'Mission introuvable',
      text: 'Cette mission n’existe pas ou n’est plus visible.',
    },
  ],
  [
    /^\/wallet$/,
    {
      title: 'Portefeuille',
      icon: Wallet,
      empty: 'Aucun mouvement',
      text: 'Vos gains et règlements, mission par mission, s’afficheront ici.',
    },
  ],
  [
    /^\/documents$/,
    {
      title: 'Documents',
      icon: FileText,
      empty: 'Aucun document déposé',
      text: 'Permis, carte conducteur, ADR, FIMO/FCO : déposez-les ici pour être vérifié et prévenu avant leur expiration.',
    },
  ],
  [
    /^\/availability$/,
    {
      title: 'Disponibilités',
      icon: CalendarDays,
      empty: 'Aucune disponibilité indiquée',
      text: 'Indiquez vos jours libres pour ne recevoir que les missions que vous pouvez prendre.',
    },
  ],
  [
    /^\/report-bug$/,
    {
      title: 'Signaler un bug',
      icon: Bug,
      empty: 'Un souci ?',
      text: 'Décrivez ce qui ne va pas ; le support répond sous 24 heures ouvrées.',
    },
  ],
  [
    /^\/documentation$/,
    {
      title: 'Documentation chauffeur',
      icon: BookOpen,
      empty: 'Guide du chauffeur',
      text: 'Trouver une mission, postuler, tenir ses documents à jour : le guide pas à pas.',
    },
  ],
  [
    /^\/transporter-documentation$/,
    {
      title: 'Documentation transporteur',
      icon: BookOpen,
      empty: 'Guide du transporteur',
      text: 'Publier une mission, choisir un chauffeur, suivre la livraison : le guide pas à pas.',
    },
  ],
  [
    /^\/driver\/subscription$/,
    {
      title: 'Mon abonnement',
      icon: CreditCard,
      empty: 'Votre formule',
      // In the words of the user's role: a transporter has no applications to count.
      text: (user) => {
        const plan = planSummary(
          user.role === 'transporter' ? 'transporter' : 'driver',
          user.subscriptionPlan,
        );
        const note = user.subscriptionPlan === 'basic' ? ` ${COORDINATION_NOTE}` : '';
        return `${plan.name} : ${plan.limits.join(', ').toLowerCase()}.${note}`;
      },
    },
  ],
];

export function WorkspacePage() {
  const [location] = useLocation();
  const { user } = useSession();
  const section = SECTIONS.find(([pattern]) => pattern.test(location))?.[1];
  if (!section || !user) return null;
  return (
    <>
      <PageHeader title={section.title} />
      <EmptyState icon={section.icon} title={section.empty}>
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
