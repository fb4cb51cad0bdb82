import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../features/account';
import { useMe } from '../features/auth';
import { chooseLanguage, isLanguage, type Language } from './i18n';

/**
 * The UI language and the switch to another; a signed-in user's choice is saved, since it
 * also decides the language of the e-mails Pactum sends.
 */
export function useLanguageChoice(): { language: Language; choose: (chosen: string) => void } {
  const { i18n } = useTranslation();
  const me = useMe();
  const updateMe = useUpdateMe();
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const choose = (chosen: string) => {
    if (!isLanguage(chosen)) return;
    void chooseLanguage(chosen);
    if (me.data && me.data.lang !== chosen) updateMe.mutate({ lang: chosen });
  };
  return { language, choose };
}
