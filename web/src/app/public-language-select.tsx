import { useTranslation } from 'react-i18next';
import { PlainSelect } from '../ui/plain/plain-select';
import { LANGUAGE_NAMES, LANGUAGES } from './i18n';
import { useLanguageChoice } from './use-language-choice';

const options = LANGUAGES.map((option) => ({
  value: option,
  label: LANGUAGE_NAMES[option],
  lang: option,
}));

/**
 * The UI language switch of the public pages: a native select of the plain kit (the sign-in
 * route loads no MUI). Each language is named in itself.
 */
export function PublicLanguageSelect() {
  const { t } = useTranslation();
  const { language, choose } = useLanguageChoice();
  return (
    <PlainSelect
      label={t('app.language')}
      options={options}
      value={language}
      onChange={(event) => choose(event.target.value)}
      style={{ minWidth: 120 }}
    />
  );
}
