import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from '#web/app/app.js';

function tree(path: string) {
  // Nothing is fetched at build time: pages render as they do before their first answer arrives.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { enabled: false, queryFn: () => null } },
  });
  return (
    <Router ssrPath={path}>
      <App queryClient={queryClient} />
    </Router>
  );
}

/**
 * Build-time render of a public page as a visitor sees it (scripts/prerender.ts writes the HTML).
 * The first pass waits for the page's lazy modules; the second, synchronous one finds them resolved
 * and writes plain HTML. React's streaming renders would outline large boundaries behind inline
 * scripts, which the Content-Security-Policy refuses.
 */
export async function render(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree(path));
  for await (const _chunk of prelude) {
    // drained: only the lazy modules it loaded matter
  }
  const html = renderToString(tree(path));
  const script = html.search(/<script/i);
  if (script >= 0)
    throw new Error(`prerender of ${path} contains a script: ${html.slice(script, script + 200)}`);
  if (html.includes('<template')) throw new Error(`prerender of ${path} left a Suspense boundary unresolved`);
  return html;
}
