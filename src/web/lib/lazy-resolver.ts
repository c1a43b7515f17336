import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => void };

/**
 * A react-hook-form resolver whose validation code (zod and the shared schemas) loads on first use,
 * not with the page: the form paints and becomes interactive sooner on a slow phone. Forms call
 * `preload()` when the user first focuses a field, so the first submit does not wait.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let pending: Promise<Resolver<T>> | undefined;
  const get = () => (pending ??= load());
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get() });
}
