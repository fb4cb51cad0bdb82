import { useEffect, useState } from 'react';
import { fetchOnce } from './fetch-once';
import { useLang } from './use-lang';

type ErrorTextModule = typeof import('../app/error-text');

/** The error catalogue's module, fetched once a page needs it. */
const catalogue = fetchOnce(() => import('../app/error-text'));

/** Loads the error catalogue (every code's text in every language) the first time it is asked. */
export function loadErrorText(): Promise<ErrorTextModule> {
  return catalogue.load();
}

/**
 * The catalogue's fetch when one has started, else undefined. The component tests wait for it
 * before their page is taken down: a fetch still running then fails the run.
 */
export function errorTextLoading(): Promise<ErrorTextModule> | undefined {
  return catalogue.pending;
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
  const [module, setModule] = useState(catalogue.value);
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
