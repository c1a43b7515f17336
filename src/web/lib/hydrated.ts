import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the prerendered HTML and during hydration, true once React owns the page. Controls that only
 * work with JavaScript (a form's submit, the theme toggle) stay disabled until then: a form sent before
 * hydration would otherwise fall back to a native GET and put its fields, password included, in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
