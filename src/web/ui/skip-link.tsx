/** First stop of keyboard navigation: straight to the page's main content (`#contenu`). */
export function SkipLink() {
  return (
    <a
      href="#contenu"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface-raised focus:p-2"
    >
      Aller au contenu
    </a>
  );
}
