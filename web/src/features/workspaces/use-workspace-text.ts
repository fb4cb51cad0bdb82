import { translateMessage } from '@pactum/core/validation';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { ApiError } from '../../app/http';
import { useLang } from '../../ui/use-lang';
import { formTextKey } from './form-texts';

/** Whether a failed call is a refused card payment (402: its code says why). */
export function isPaymentRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 402;
}

/**
 * Texts of the workspace screens in the user's language: a form field's message (the shared
 * schemas' texts and message keys), and a failed call's text from its error code.
 */
export function useWorkspaceText() {
  const { t } = useTranslation();
  const lang = useLang();
  const message = useCallback(
    (text: string): string => {
      const key = formTextKey(text);
      return key ? t(`workspaces.formText.${key}`) : translateMessage(text, lang);
    },
    [t, lang],
  );
  const describeError = useCallback((error: unknown) => errorText(error, lang), [lang]);
  return { message, describeError };
}
