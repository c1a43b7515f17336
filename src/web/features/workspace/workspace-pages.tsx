import { PlayCircle } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/ui/button.js';
import { EmptyState } from '#web/ui/empty-state.js';

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
