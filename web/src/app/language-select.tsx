import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from './i18n';
import { useLanguageChoice } from './use-language-choice';

/** The UI language switch of the dashboard; each language is named in itself. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const labelId = useId();
  const { language, choose } = useLanguageChoice();
  return (
    <FormControl size="small" sx={{ minWidth: 120 }}>
      <InputLabel id={labelId}>{t('app.language')}</InputLabel>
      <Select<Language>
        labelId={labelId}
        label={t('app.language')}
        value={language}
        onChange={(event) => choose(event.target.value)}
      >
        {LANGUAGES.map((option) => (
          <MenuItem key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
