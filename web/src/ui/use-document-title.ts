import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to `<title> - Pactum`. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const brand = t('app.name');
  useEffect(() => {
    document.title = `${title} - ${brand}`;
  }, [title, brand]);
}
