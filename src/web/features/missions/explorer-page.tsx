import { Link } from 'wouter';
import { useSession } from '#web/lib/session.js';
import { buttonClasses } from '#web/ui/button.js';
import { PageHeader } from '#web/ui/empty-state.js';
import { SearchPanel } from './search-panel.js';

/** /explorer: the open missions, for everyone. Visitors see cities and open a public preview of each. */
export function ExplorerPage() {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader
        title="Explorer les missions"
        description="Les missions ouvertes aux chauffeurs poids lourds, partout en France."
      />
      {!user && (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-accent bg-brand-500/10 p-4">
          <p>Créez un compte gratuit pour voir les adresses exactes et postuler en un geste.</p>
          <div className="flex gap-2">
            <Link href="/register" className={buttonClasses('primary', 'sm')}>
              Créer un compte
            </Link>
            <Link href="/login" className={buttonClasses('secondary', 'sm')}>
              Se connecter
            </Link>
          </div>
        </div>
      )}
      <SearchPanel
        missionHref={(id) => `/mission/${id}`}
        canSearchNearMe={user?.role === 'driver'}
        emptyAction={
          user ? undefined : (
            <Link href="/register" className={buttonClasses('primary')}>
              Être alerté des prochaines missions
            </Link>
          )
        }
      />
    </div>
  );
}
