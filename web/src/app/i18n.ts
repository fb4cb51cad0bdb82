import { languages } from '@pactum/core/languages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../locales/en.json';
import type fi from '../locales/fi.json';
import type { MessagePart } from './message-groups';

/** The app's messages in one language (the English file's shape). */
type Messages = typeof en;

/** A message file with every English key. */
type CompleteMessages<T extends Messages> = T;
/** The Finnish messages: the type checker refuses a Finnish file that lacks an English key. */
export type FinnishMessages = CompleteMessages<typeof fi>;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

/** The UI languages, in the order the language switch lists them. */
export const LANGUAGES = languages;
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

/**
 * Each language's messages in two chunks of their own (vite.config.ts splits the file): the
 * groups the public pages use, and the rest, which the dashboard needs. A page downloads only
 * the language in use, and another when the user switches to it.
 */
const messageParts: Record<Language, Record<MessagePart, () => Promise<object>>> = {
  en: {
    first: () => import('../locales/en.json?part=first').then((module) => module.default),
    rest: () => import('../locales/en.json?part=rest').then((module) => module.default),
  },
  fi: {
    first: () => import('../locales/fi.json?part=first').then((module) => module.default),
    rest: () => import('../locales/fi.json?part=rest').then((module) => module.default),
  },
};

/** `<language>:<part>` of the parts added to i18next. */
const loadedParts = new Set<string>();

/** Whether the dashboard's messages are needed too (from the first dashboard page on). */
let isEveryPartNeeded = false;

/** Adds a language's messages (the parts needed so far) to i18next unless they are there. */
export async function loadLanguage(language: Language): Promise<void> {
  const parts: MessagePart[] = isEveryPartNeeded ? ['first', 'rest'] : ['first'];
  await Promise.all(
    parts.map(async (part) => {
      if (loadedParts.has(`${language}:${part}`)) return;
      const messages = await messageParts[language][part]();
      i18n.addResourceBundle(language, 'translation', messages, true, true);
      loadedParts.add(`${language}:${part}`);
    }),
  );
}

/** Loads the rest of the current language's messages; the router awaits it for the dashboard. */
export async function loadAllMessages(): Promise<void> {
  isEveryPartNeeded = true;
  await loadLanguage(isLanguage(i18n.language) ? i18n.language : detectLanguage());
}

/**
 * Loads the messages of the detected language and switches to it. The app renders after this,
 * so its first screen shows texts, never message keys.
 */
export async function startI18n(): Promise<void> {
  const language = detectLanguage();
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/** Switches the UI language (loading its messages first) and remembers the choice here. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch itself still works.
  }
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  // Messages are added per language by `loadLanguage`; every language has every key (the locale
  // test), so no second language is loaded as a fallback.
  resources: {},
  lng: detectLanguage(),
  fallbackLng: false,
  supportedLngs: LANGUAGES,
  // Nothing to fetch at init, so it finishes synchronously and nothing suspends.
  initAsync: false,
  interpolation: { escapeValue: false },
});

export { i18n };
