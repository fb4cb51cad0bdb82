import type { Lang } from '@pactum/core/validation';
import { useTranslation } from 'react-i18next';

/** The user's UI language as the shared messages name it. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'fi' ? 'fi' : 'en';
}
