import { Monitor, Smartphone } from 'lucide-react';

const GUIDES = [
  {
    icon: Smartphone,
    title: 'Android (Chrome)',
    steps: [
      'Ouvrez Relais dans Chrome.',
      'Touchez le menu ⋮ en haut à droite.',
      'Choisissez « Installer l’application » ou « Ajouter à l’écran d’accueil ».',
      'Confirmez : l’icône Relais apparaît avec vos applications.',
    ],
  },
  {
    icon: Smartphone,
    title: 'iPhone et iPad (Safari)',
    steps: [
      'Ouvrez Relais dans Safari.',
      'Touchez le bouton Partager (carré avec une flèche).',
      'Choisissez « Sur l’écran d’accueil ».',
      'Touchez « Ajouter » en haut à droite.',
    ],
  },
  {
    icon: Monitor,
    title: 'Ordinateur (Chrome, Edge)',
    steps: [
      'Ouvrez Relais dans Chrome ou Edge.',
      'Cliquez sur l’icône d’installation à droite de la barre d’adresse.',
      'Confirmez « Installer ».',
      'Relais s’ouvre dans sa propre fenêtre.',
    ],
  },
];

export function InstallGuidePage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">Installer Relais sur votre appareil</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">
        Installée, Relais s’ouvre comme une application, en plein écran, et reste utilisable quand le réseau
        faiblit dans la cabine.
      </p>
      <div className="mt-8 grid gap-5 md:grid-cols-3">
        {GUIDES.map((guide) => (
          <section
            key={guide.title}
            className="rounded-2xl border border-line bg-surface-raised p-6"
            aria-labelledby={guide.title}
          >
            <guide.icon className="h-8 w-8 text-accent" aria-hidden="true" />
            <h2 id={guide.title} className="mt-3 text-lg font-bold">
              {guide.title}
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-ink-muted">
              {guide.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}
