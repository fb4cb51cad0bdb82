import { useEffect, useState } from 'react';
import { fetchOnce } from './fetch-once';

type Translate = typeof import('@pactum/core/validation')['translateMessage'];

/** `translateMessage` of `@pactum/core/validation` (that module brings zod along). */
const texts = fetchOnce(() =>
  import('@pactum/core/validation').then((module) => module.translateMessage),
);

/**
 * Loads the shared validation texts. `lazyZodResolver` waits for them with the schema, so a
 * light form has them before it shows its first field error.
 */
export function loadValidationTexts(): Promise<Translate> {
  return texts.load();
}

/** The texts' fetch when one has started, else undefined (the component tests wait for it). */
export function validationTextsLoading(): Promise<Translate> | undefined {
  return texts.pending;
}

/**
 * `translateMessage` (a shared message key such as `v:minLength|n=6` in the user's language),
 * fetched the first time a field has an error to show; undefined until then.
 */
export function useTranslateMessage(isNeeded: boolean): Translate | undefined {
  const [translate, setTranslate] = useState(() => texts.value);
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
  return translate ?? texts.value;
}
