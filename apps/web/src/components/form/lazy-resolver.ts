// A resolver loaded on demand, keeping it (and zod under it) out of a page's first load: `preload` fetches
// it when a field is first focused, and validation waits for it. Made once per page module, so every
// form of that page shares what it loaded.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export function lazyResolver<T extends FieldValues, Out>(load: () => Promise<Resolver<T, unknown, Out>>) {
  let loaded: Resolver<T, unknown, Out> | undefined;
  let loading: Promise<Resolver<T, unknown, Out>> | undefined;

  const preload = (): Promise<Resolver<T, unknown, Out>> => {
    if (loaded) return Promise.resolve(loaded);
    loading ??= load().then(
      (resolver) => (loaded = resolver),
      (err: unknown) => {
        loading = undefined; // a later focus or submit tries again
        throw err;
      },
    );
    return loading;
  };

  const resolver: Resolver<T, unknown, Out> = async (values, context, options) => {
    let resolve: Resolver<T, unknown, Out>;
    try {
      resolve = loaded ?? (await preload());
    } catch {
      // Not loaded (offline): no field is at fault, the form says the request failed.
      const errors = { root: { type: 'load', message: 'errors.requestFailed' } } as FieldErrors<T>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };

  return {
    resolver,
    /** Starts loading; never rejects (validation says so when it needs the rules). */
    preload: () => preload().catch(() => undefined),
  };
}
