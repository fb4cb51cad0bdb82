import { type DraftMessageKey, draftMessages, formatMessage } from '@pactum/core/drafts';
import { useCallback } from 'react';
import { useLang } from '../../ui/use-lang';

/**
 * The spec's draft and sending texts (kept once, in @pactum/core/drafts, for the server and the
 * web) in the user's language, with `%s` filled in order.
 */
export function useDraftText(): (key: DraftMessageKey, ...values: (string | number)[]) => string {
  const lang = useLang();
  return useCallback(
    (key, ...values) => formatMessage(draftMessages[lang][key], ...values),
    [lang],
  );
}
