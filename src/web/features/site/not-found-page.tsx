import { SignpostBig } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/ui/button.js';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <SignpostBig className="mx-auto h-12 w-12 text-accent" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-extrabold">Page introuvable</h1>
      <p className="mt-2 text-ink-muted">Cette page n'existe pas ou a été déplacée.</p>
      <Link href="/dashboard" className={buttonClasses('primary', 'md', 'mt-6')}>
        Retour au tableau de bord
      </Link>
    </div>
  );
}
