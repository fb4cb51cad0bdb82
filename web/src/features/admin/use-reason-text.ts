import { ADMIN_REASON_MAX, ADMIN_REASON_MIN } from '@pactum/core/admin';
import { translateMessage } from '@pactum/core/validation';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../ui/use-lang';

/**
 * The text of a reason field's error in the user's language: the shared schema's messages of
 * length are English sentences, so the length is told from the value itself.
 */
export function useReasonText() {
  const { t } = useTranslation();
  const lang = useLang();
  return (value: string, message: string): string => {
    const length = value.trim().length;
    if (length < ADMIN_REASON_MIN) return t('admin.reason.tooShort', { n: ADMIN_REASON_MIN });
    if (length > ADMIN_REASON_MAX) return t('admin.reason.tooLong', { n: ADMIN_REASON_MAX });
    return translateMessage(message, lang);
  };
}
