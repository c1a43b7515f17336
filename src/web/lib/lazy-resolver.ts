import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<T extends FieldValues, O extends FieldValues = T> = Resolver<T, unknown, O> & {
  preload: () => void;
};

/**
 * A react-hook-form resolver whose validation code (zod and the shared schemas) loads on first use,
 * not with the page: the form paints and becomes interactive sooner on a slow phone. Forms call
 * `preload()` when the user first focuses a field, so the first submit does not wait. `O` is what the
 * form's submit receives, when the resolver gives it in another shape than the fields hold.
 */
export function lazyResolver<T extends FieldValues, O extends FieldValues = T>(
  load: () => Promise<Resolver<T, unknown, O>>,
): LazyResolver<T, O> {
  let pending: Promise<Resolver<T, unknown, O>> | undefined;
  const get = () => (pending ??= load());
  const resolver: Resolver<T, unknown, O> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get() });
}
