import { useEffect, useState } from 'react';

type Translate = typeof import('@pactum/core/validation')['translateMessage'];

/** `translateMessage` of `@pactum/core/validation` once loaded (that module brings zod along). */
let loaded: Translate | undefined;

/**
 * Loads the shared validation texts. `lazyZodResolver` waits for them with the schema, so a
 * light form has them before it shows its first field error.
 */
export function loadValidationTexts(): Promise<Translate> {
  return import('@pactum/core/validation').then((module) => {
    loaded = module.translateMessage;
    return loaded;
  });
}

/**
 * `translateMessage` (a shared message key such as `v:minLength|n=6` in the user's language),
 * fetched the first time a field has an error to show; undefined until then.
 */
export function useTranslateMessage(isNeeded: boolean): Translate | undefined {
  const [translate, setTranslate] = useState(() => loaded);
  const isMissing = isNeeded && translate === undefined;
  useEffect(() => {
    if (!isMissing) return;
    let isCurrent = true;
    void loadValidationTexts().then((fetched) => {
      if (isCurrent) setTranslate(() => fetched);
    });
    return () => {
      isCurrent = false;
    };
  }, [isMissing]);
  return translate ?? loaded;
}
