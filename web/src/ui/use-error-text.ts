import { useEffect, useState } from 'react';
import { useLang } from './use-lang';

type ErrorTextModule = typeof import('../app/error-text');

/** The error catalogue's module once a page has needed it. */
let loaded: ErrorTextModule | undefined;
/** The catalogue's one fetch, from the first time it is asked until it fails. */
let loading: Promise<ErrorTextModule> | undefined;

/** Loads the error catalogue (every code's text in every language) the first time it is asked. */
export function loadErrorText(): Promise<ErrorTextModule> {
  loading ??= import('../app/error-text').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A failed fetch (a dropped connection) is tried again by the next error shown.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The catalogue's fetch when one has started, else undefined. The component tests wait for it
 * before their page is taken down: a fetch still running then fails the run.
 */
export function errorTextLoading(): Promise<ErrorTextModule> | undefined {
  return loading;
}

/**
 * The text of a failed call in the user's language (`errorText`), for pages that must stay
 * light: the error catalogue is fetched when the first error is to be shown, so the sign-in
 * pages load none of it until something fails. Undefined while there is no error and during
 * that first fetch.
 */
export function useErrorText(
  error: unknown,
  options: { fallback?: string; describe?: (error: unknown) => string | undefined } = {},
): string | undefined {
  const lang = useLang();
  const [module, setModule] = useState(loaded);
  const isNeeded = Boolean(error) && module === undefined;
  useEffect(() => {
    if (!isNeeded) return;
    let isCurrent = true;
    void loadErrorText().then((fetched) => {
      if (isCurrent) setModule(fetched);
    });
    return () => {
      isCurrent = false;
    };
  }, [isNeeded]);
  if (!error) return undefined;
  const own = options.describe?.(error);
  if (own !== undefined) return own;
  return module?.errorText(error, lang, options.fallback);
}
