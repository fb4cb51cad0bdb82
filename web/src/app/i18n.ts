import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import fi from '../locales/fi.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/** The UI languages, in the order the language switch lists them. */
export const LANGUAGES = ['en', 'fi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in that language, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fi: 'Suomi' };

/** localStorage key of the language the user chose. */
export const LANGUAGE_STORAGE_KEY = 'pactum.lang';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

function readChosenLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    // Storage can be blocked (privacy settings); the browser language still applies.
    return undefined;
  }
}

/** The user's earlier choice, else Finnish for a Finnish browser, else English. */
export function detectLanguage(): Language {
  return readChosenLanguage() ?? (navigator.language.toLowerCase().startsWith('fi') ? 'fi' : 'en');
}

/** Switches the UI language and remembers the choice in this browser. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch itself still works.
  }
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  // `satisfies` makes the type checker refuse a Finnish file that lacks an English key.
  resources: { en: { translation: en }, fi: { translation: fi satisfies typeof en } },
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  // The resources are bundled, so init finishes synchronously and nothing suspends.
  initAsync: false,
  interpolation: { escapeValue: false },
});

export { i18n };
