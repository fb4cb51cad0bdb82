import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../features/account/api/update-me';
import { useMe } from '../features/auth/api/get-me';
import { chooseLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from './i18n';

/** The UI language switch; each language is named in itself. A signed-in user's choice is saved. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const me = useMe();
  const updateMe = useUpdateMe();
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const choose = (chosen: Language) => {
    void chooseLanguage(chosen);
    // The user's language also decides the language of the e-mails Pactum sends.
    if (me.data && me.data.lang !== chosen) updateMe.mutate({ lang: chosen });
  };
  return (
    <FormControl size="small" sx={{ minWidth: 120 }}>
      <InputLabel id={labelId}>{t('app.language')}</InputLabel>
      <Select<Language>
        labelId={labelId}
        label={t('app.language')}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) choose(event.target.value);
        }}
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
