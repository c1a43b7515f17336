import { useState, type ComponentProps, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { useHydrated } from '#web/lib/hydrated.js';

type Props = ComponentProps<'section'> & { id: string };

/**
 * A section whose content is the same for everyone and never changes once rendered (text, links, native
 * <details>). When the page was prerendered, hydration adopts the section's HTML as it is instead of
 * walking it (decision 008): the landing page becomes interactive sooner on a slow phone. Links inside
 * still navigate within the app. Rendered on the client (navigation from another page), it is ordinary
 * React. Nothing user-specific or stateful may go in here.
 */
export function StaticSection({ id, children, ...props }: Props) {
  const hydrated = useHydrated();
  // Read once, on the first render: while hydrating, the prerendered HTML is in the document.
  const [html] = useState(() =>
    hydrated || typeof document === 'undefined' ? null : (document.getElementById(id)?.innerHTML ?? null),
  );
  const [, navigate] = useLocation();
  if (html === null) {
    return (
      <section id={id} {...props}>
        {children}
      </section>
    );
  }
  const followLink = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return <section id={id} {...props} onClick={followLink} dangerouslySetInnerHTML={{ __html: html }} />;
}
