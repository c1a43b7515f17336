import { Link, useLocation } from 'wouter';
import { cn } from '#web/ui/cn.js';
import { useWaitingCounts, waitingOf } from './admin-layout.js';
import { ADMIN_TABS } from './menus.js';

/**
 * The pages of a back-office section (« Validation », « Signalements »), as tabs above the page's title. They wrap
 * onto a second line on a phone rather than scroll sideways, so every tab and its count stay in sight.
 */
export function AdminTabs({ section }: { section: keyof typeof ADMIN_TABS }) {
  const [location] = useLocation();
  const counts = useWaitingCounts();
  return (
    <nav aria-label="Pages de la section" className="-mx-4 mb-6 border-b border-line px-4">
      <ul className="flex flex-wrap gap-x-1">
        {ADMIN_TABS[section].map((tab) => {
          const active = location === tab.href || location.startsWith(`${tab.href}/`);
          const badge = waitingOf(tab, counts);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 items-center gap-2 border-b-2 px-3 font-semibold',
                  active ? 'border-accent text-ink' : 'border-transparent text-ink-muted hover:text-ink',
                )}
              >
                {tab.label}
                {badge && (
                  <>
                    <span
                      className="rounded-full bg-accent px-1.5 text-xs font-bold leading-5 text-accent-ink"
                      aria-hidden="true"
                    >
                      {badge}
                    </span>
                    <span className="sr-only">, {badge} en attente</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
