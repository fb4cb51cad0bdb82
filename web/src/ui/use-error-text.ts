import { useEffect, useState } from 'react';
import { useLang } from './use-lang';

type ErrorTextModule = typeof import('../app/error-text');

/** The error catalogue's module once a page has needed it. */
let loaded: ErrorTextModule | undefined;

/** Loads the error catalogue (every code's text in every language) the first time it is asked. */
export function loadErrorText(): Promise<ErrorTextModule> {
  return import('../app/error-text').then((module) => {
    loaded = module;
    return module;
  });
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
