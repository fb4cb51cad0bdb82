import { translateMessage } from '@pactum/core/validation';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { ApiError } from '../../app/http';
import { useLang } from '../../ui/use-lang';
import { matchServerText } from './server-texts';

/**
 * Texts of the workspace screens' messages in the user's language: the server's and the
 * processor's English texts that are known are translated, shared message keys too, and any
 * other failure reads as the app's error text.
 */
export function useWorkspaceText() {
  const { t } = useTranslation();
  const lang = useLang();
  const message = useCallback(
    (text: string): string => {
      const known = matchServerText(text);
      return known
        ? t(`workspaces.serverText.${known.key}`, known.params)
        : translateMessage(text, lang);
    },
    [t, lang],
  );
  const describeError = useCallback(
    (error: unknown): string =>
      error instanceof ApiError && matchServerText(error.message)
        ? message(error.message)
        : errorText(error, lang),
    [message, lang],
  );
  return { message, describeError };
}
