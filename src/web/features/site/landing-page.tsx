import {
  Bell,
  CheckCircle2,
  Route,
  FileCheck2,
  MapPinned,
  MessageSquare,
  PlayCircle,
  ShieldCheck,
  Star,
  Truck,
  Wallet,
  Zap,
} from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/ui/button.js';
import { StaticSection } from '#web/ui/static-section.js';
import { PlanGrid } from './plans.js';

const REASONS = [
  {
    icon: Zap,
    title: 'Des missions pour demain matin',
    text: 'Les transporteurs publient au dernier moment ; vous êtes prévenu dans la minute, même en route.',
  },
  {
    icon: ShieldCheck,
    title: 'Tout est dit avant de postuler',
    text: 'Horaires, véhicule, permis requis, prix et cadre d’engagement : pas de surprise au quai.',
  },
  {
    icon: Wallet,
    title: 'Zéro commission',
    text: 'Le prix est affiché sur chaque mission et Relais ne prélève rien sur son paiement.',
  },
];

const FEATURES = [
  {
    icon: Bell,
    title: 'Alertes en temps réel',
    text: 'Une mission qui correspond à votre permis et à votre zone ? Vous le savez aussitôt.',
  },
  {
    icon: MessageSquare,
    title: 'Messagerie intégrée',
    text: 'Chauffeur et exploitant échangent directement, sans se courir après au téléphone.',
  },
  {
    icon: Route,
    title: 'Suivi en direct',
    text: 'Position du camion pendant la mission, heure d’arrivée estimée, incidents signalés, preuve de livraison signée.',
  },
  {
    icon: MapPinned,
    title: 'Missions autour de vous',
    text: 'Recherche par ville et par rayon, en liste ou sur la carte, triée par distance.',
  },
  {
    icon: FileCheck2,
    title: 'Historique et export',
    text: 'Toutes vos missions passées, filtrées et exportables pour votre comptabilité.',
  },
  {
    icon: Star,
    title: 'Pensé pour la cabine',
    text: 'Installable sur le téléphone, notifications même appli fermée, messages envoyés au retour du réseau.',
  },
];

const SPACES = [
  {
    title: 'Espace chauffeur',
    items: [
      'Missions près de chez vous, filtrées par permis et véhicule',
      'Candidature en un geste, avec un mot pour le transporteur',
      'Alertes des missions qui vous correspondent, même appli fermée',
      'Messagerie directe avec les transporteurs',
      'Tableau de bord : candidatures, missions et gains convenus',
      'Avis des transporteurs et badges sur votre profil',
    ],
  },
  {
    title: 'Espace transporteur',
    items: [
      'Publication de mission guidée, prix et cadre d’engagement clairs',
      'Candidats avec permis, expérience, avis et badges',
      'Suivi des livraisons en direct et preuve de livraison en PDF',
      'Avis des chauffeurs sur votre entreprise',
      'Historique et export de vos missions',
      'Tableau de bord de votre activité',
    ],
  },
];

const STEPS = [
  {
    title: 'Créez votre compte',
    text: 'Chauffeur ou transporteur, l’inscription prend deux minutes. Gratuit, sans carte bancaire.',
  },
  {
    title: 'Publiez ou postulez',
    text: 'Le transporteur décrit sa mission ; les chauffeurs disponibles postulent en un geste.',
  },
  {
    title: 'Roulez',
    text: 'Le transporteur choisit son chauffeur et suit la livraison en direct sur la carte ; la preuve de livraison signée arrive dans l’appli.',
  },
];

const TESTIMONIALS = [
  {
    name: 'Karim B.',
    role: 'Chauffeur SPL, Lyon',
    rating: 5,
    text: 'Trois missions la première semaine, toutes payées au prix annoncé. Je choisis mes jours, c’est ce que je voulais.',
  },
  {
    name: 'Sandrine M.',
    role: 'Exploitante, transports frigorifiques, Rungis',
    rating: 5,
    text: 'Un chauffeur malade à 6 h, un remplaçant qualifié à 7 h 30. Relais nous a sauvé une tournée.',
  },
  {
    name: 'Julien T.',
    role: 'Chauffeur porteur, Nantes',
    rating: 4,
    text: 'Les alertes arrivent vite et l’appli marche même avec une barre de réseau.',
  },
  {
    name: 'Patrick L.',
    role: 'Gérant, PME de messagerie, Lille',
    rating: 5,
    text: 'Je vois le permis et l’expérience de chaque candidat avant de confier un camion : je gagne un temps fou.',
  },
  {
    name: 'Aïcha D.',
    role: 'Conductrice citerne ADR, Fos-sur-Mer',
    rating: 5,
    text: 'Je reçois les missions de ma zone et de mon permis, pas les autres. Les missions proposées me correspondent.',
  },
  {
    name: 'Thomas R.',
    role: 'Responsable d’exploitation, Strasbourg',
    rating: 4,
    text: 'Simple pour publier, clair pour suivre. La messagerie évite dix coups de fil par jour.',
  },
];

const FAQ = [
  {
    q: 'Qui voit ma position pendant une mission ?',
    a: 'Seulement le transporteur de la mission et l’équipe Relais, seulement entre « Démarrer la mission » et la livraison, et seulement si vous l’acceptez. Vous pouvez mettre le partage en pause à tout moment et vous voyez chaque consultation. Les positions sont effacées 30 jours après la fin de la mission.',
  },
  {
    q: 'Relais gère-t-il le paiement des missions ?',
    a: 'Relais calcule ce qui est dû au prix et au délai affichés sur la mission, émet la facture (transporteur indépendant) ou le relevé d’heures (contrat court) et suit le paiement jusqu’à sa confirmation. Le transporteur règle par virement ou, quand Relais propose le paiement en ligne, par carte. Relais ne prend aucune commission.',
  },
  {
    q: 'Combien coûte Relais ?',
    a: 'L’inscription est gratuite et sans carte bancaire. Le plan Freemium permet 3 candidatures par mois et 5 messages par jour ; les échanges d’une mission en cours ne sont pas décomptés. Les formules Premium et Elite lèvent ces limites ; la formule Transporteur lève la limite de messages.',
  },
  {
    q: 'Quels permis sont acceptés ?',
    a: 'Les permis poids lourds C, CE, C1 et C1E. Les alertes suivent votre permis, vos véhicules, votre zone et vos disponibilités. Pour une mission qui demande l’ADR ou la FIMO/FCO, vous postulez une fois le certificat ajouté dans Mes documents, valable jusqu’à la fin de la mission.',
  },
  {
    q: 'Comment choisir un chauffeur ?',
    a: 'Chaque candidature montre le permis, l’expérience, les missions déjà réalisées sur Relais, sa réputation, les avis des transporteurs précédents et ses badges. Vous échangez avec le candidat dans la messagerie avant de le retenir ; les autres candidats sont prévenus. Après la mission, chacun note l’autre : un avis n’est publié que lorsque les deux ont écrit le leur, ou au bout de 14 jours.',
  },
  {
    q: 'Sous quel statut le chauffeur travaille-t-il ?',
    a: 'Chaque mission précise le cadre : contrat court avec le transporteur, qui émet un bulletin de salaire, ou prestation d’un transporteur indépendant inscrit au registre avec son propre véhicule, qui facture.',
  },
  {
    q: 'Relais fonctionne-t-il avec peu de réseau ?',
    a: 'En grande partie. Sans réseau, les fiches de vos missions en cours et à venir et vos conversations récentes restent lisibles sur le téléphone ; un message, le début d’une mission, une attente, un incident et vos positions attendent sur le téléphone et partent dès le retour du réseau, à l’heure où vous les avez faits. Postuler, signer, envoyer un document ou la preuve de livraison demandent une connexion.',
  },
  {
    q: 'Puis-je voir les missions sans m’inscrire ?',
    a: 'Oui : la page Explorer montre les missions ouvertes partout en France, avec leur ville de départ et d’arrivée, leur date et leur prix. Un compte gratuit donne les adresses exactes et permet de postuler.',
  },
];

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex gap-0.5" role="img" aria-label={`${rating} étoiles sur 5`}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          className={index < rating ? 'h-4 w-4 fill-current text-brand-400' : 'h-4 w-4 text-line'}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

export function LandingPage() {
  return (
    <>
      <StaticSection id="section-accueil" className="relative overflow-hidden border-b border-line">
        <div
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(247,103,7,0.22),transparent_60%)]"
          aria-hidden="true"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-line bg-surface-raised px-3 py-1 text-sm font-semibold">
              <Truck className="h-4 w-4 text-accent" aria-hidden="true" /> Chauffeurs poids lourds ·
              Transporteurs
            </p>
            <h1 className="text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
              Une mission demain matin ? <span className="text-accent">Un chauffeur ce soir.</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-ink-muted">
              Relais met en relation les chauffeurs poids lourds disponibles et les transporteurs qui ont
              besoin de renfort pour des missions courtes, de dernière minute. Gratuit pour commencer, sans
              carte bancaire.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href="/register" className={buttonClasses('primary', 'lg')}>
                Créer mon compte gratuit
              </Link>
              <Link href="/explorer" className={buttonClasses('secondary', 'lg')}>
                Voir les missions
              </Link>
              <Link href="/demo" className={buttonClasses('ghost', 'lg', 'underline underline-offset-4')}>
                <PlayCircle className="h-5 w-5 text-accent" aria-hidden="true" />
                Essayer la démo
              </Link>
            </div>
            <p className="mt-4 text-sm text-ink-muted">
              Déjà inscrit ?{' '}
              <Link href="/login" className="font-semibold text-accent underline">
                Se connecter
              </Link>
            </p>
          </div>
          <div className="rounded-2xl border border-line bg-surface-raised p-5 shadow-xl" aria-hidden="true">
            <div className="flex items-center justify-between">
              <p className="font-bold">Semi frigo · Rungis → Lille</p>
              <span className="rounded-full bg-danger/15 px-2 py-0.5 text-xs font-bold text-danger">
                Urgent
              </span>
            </div>
            <p className="mt-1 text-sm text-ink-muted">Demain 05:30 · 220 km · Permis CE · FCO</p>
            <div className="mt-4 grid grid-cols-3 gap-3 text-center text-sm">
              <div className="rounded-lg bg-surface-sunken p-3">
                <p className="text-ink-muted">Prix</p>
                <p className="text-lg font-extrabold">420 €</p>
              </div>
              <div className="rounded-lg bg-surface-sunken p-3">
                <p className="text-ink-muted">Durée</p>
                <p className="text-lg font-extrabold">1 jour</p>
              </div>
              <div className="rounded-lg bg-surface-sunken p-3">
                <p className="text-ink-muted">Cadre</p>
                <p className="text-lg font-extrabold">CDD</p>
              </div>
            </div>
            <div className="mt-4 flex items-center gap-2 rounded-lg bg-success/10 p-3 text-sm font-semibold text-success">
              <CheckCircle2 className="h-5 w-5" /> 3 chauffeurs ont déjà postulé
            </div>
          </div>
        </div>
      </StaticSection>

      <StaticSection
        id="section-pourquoi"
        aria-labelledby="pourquoi"
        className="below-fold mx-auto max-w-6xl px-4 py-16"
      >
        <h2 id="pourquoi" className="text-3xl font-extrabold tracking-tight">
          Pourquoi choisir Relais
        </h2>
        <div className="mt-8 grid gap-5 md:grid-cols-3">
          {REASONS.map((reason) => (
            <div key={reason.title} className="rounded-2xl border border-line bg-surface-raised p-6">
              <reason.icon className="h-8 w-8 text-accent" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-bold">{reason.title}</h3>
              <p className="mt-2 text-ink-muted">{reason.text}</p>
            </div>
          ))}
        </div>
      </StaticSection>

      <StaticSection
        id="section-fonctionnalites"
        aria-labelledby="fonctionnalites"
        className="below-fold border-y border-line bg-surface-raised"
      >
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="fonctionnalites" className="text-3xl font-extrabold tracking-tight">
            Tout ce qu’il faut pour rouler sereinement
          </h2>
          <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <div key={feature.title} className="flex gap-4 rounded-2xl p-2">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-500/15 text-accent">
                  <feature.icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-bold">{feature.title}</h3>
                  <p className="mt-1 text-ink-muted">{feature.text}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </StaticSection>

      <StaticSection
        id="section-cta-1"
        aria-labelledby="cta-1"
        className="below-fold mx-auto max-w-6xl px-4 py-16"
      >
        <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-asphalt-900 p-8 text-white md:flex-row md:items-center">
          <div>
            <h2 id="cta-1" className="text-2xl font-extrabold">
              Un camion à l’arrêt coûte cher.
            </h2>
            <p className="mt-1 text-asphalt-200">
              Publiez votre mission en deux minutes : les chauffeurs qu’elle concerne sont prévenus aussitôt.
            </p>
          </div>
          <Link href="/register" className={buttonClasses('primary', 'lg', 'bg-brand-400 text-asphalt-950')}>
            Publier une mission
          </Link>
        </div>
      </StaticSection>

      <StaticSection
        id="section-espaces"
        aria-labelledby="espaces"
        className="below-fold mx-auto max-w-6xl px-4 pb-16"
      >
        <h2 id="espaces" className="text-3xl font-extrabold tracking-tight">
          Un espace pour chacun
        </h2>
        <div className="mt-8 grid gap-5 md:grid-cols-2">
          {SPACES.map((space) => (
            <div key={space.title} className="rounded-2xl border border-line bg-surface-raised p-6">
              <h3 className="text-xl font-bold">{space.title}</h3>
              <ul className="mt-4 space-y-2 text-ink-muted">
                {space.items.map((item) => (
                  <li key={item} className="flex gap-2">
                    <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </StaticSection>

      <StaticSection
        id="section-etapes"
        aria-labelledby="etapes"
        className="below-fold border-y border-line bg-surface-raised"
      >
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="etapes" className="text-3xl font-extrabold tracking-tight">
            Comment ça marche
          </h2>
          <ol className="mt-8 grid gap-5 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-line bg-surface p-6">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-accent text-lg font-extrabold text-accent-ink">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
                <p className="mt-2 text-ink-muted">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </StaticSection>

      <StaticSection
        id="section-temoignages"
        aria-labelledby="temoignages"
        className="below-fold mx-auto max-w-6xl px-4 py-16"
      >
        <h2 id="temoignages" className="text-3xl font-extrabold tracking-tight">
          Ils roulent avec Relais
        </h2>
        <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <figure key={testimonial.name} className="rounded-2xl border border-line bg-surface-raised p-6">
              <Stars rating={testimonial.rating} />
              <blockquote className="mt-3">« {testimonial.text} »</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-bold">{testimonial.name}</span>
                <span className="text-ink-muted"> — {testimonial.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </StaticSection>

      <section aria-labelledby="tarifs" className="below-fold border-y border-line bg-surface-raised">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="tarifs" className="text-3xl font-extrabold tracking-tight">
            Tarifs simples
          </h2>
          <p className="mt-2 text-ink-muted">
            Gratuit pour commencer.{' '}
            <Link href="/pricing" className="font-semibold text-accent underline">
              Détail des formules
            </Link>
          </p>
          <div className="mt-10">
            <PlanGrid />
          </div>
        </div>
      </section>

      <StaticSection
        id="section-faq"
        aria-labelledby="faq"
        className="below-fold mx-auto max-w-3xl px-4 py-16"
      >
        <h2 id="faq" className="text-3xl font-extrabold tracking-tight">
          Questions fréquentes
        </h2>
        <div className="mt-8 divide-y divide-line rounded-2xl border border-line bg-surface-raised">
          {FAQ.map((item) => (
            <details key={item.q} className="group p-5">
              <summary className="cursor-pointer list-none font-semibold marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {item.q}
                  <span className="text-accent transition group-open:rotate-45" aria-hidden="true">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-ink-muted">{item.a}</p>
            </details>
          ))}
        </div>
      </StaticSection>

      <StaticSection
        id="section-cta-final"
        aria-labelledby="cta-final"
        className="below-fold mx-auto max-w-6xl px-4 pb-20"
      >
        <div className="rounded-2xl border border-accent bg-brand-500/10 p-8 text-center sm:p-12">
          <h2 id="cta-final" className="text-3xl font-extrabold tracking-tight">
            Prêt à prendre la route ?
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-ink-muted">
            Inscription gratuite en deux minutes, chauffeur comme transporteur.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link href="/register" className={buttonClasses('primary', 'lg')}>
              Créer mon compte
            </Link>
            <Link href="/pricing" className={buttonClasses('secondary', 'lg')}>
              Voir les tarifs
            </Link>
            <Link href="/demo" className={buttonClasses('secondary', 'lg')}>
              Essayer la démo
            </Link>
          </div>
        </div>
      </StaticSection>
    </>
  );
}
