/*
 * Set-up of the web project's tests. The component tests (`*.test.tsx`, in jsdom) get
 * Testing Library's matchers and a clean screen after each test.
 */
import { afterAll, afterEach, vi } from 'vitest';
import { errorTextLoading } from '../ui/use-error-text';
import { validationTextsLoading } from '../ui/validation-texts';

// The matchers read the DOM: the node tests go without them.
if (typeof document !== 'undefined') await import('@testing-library/jest-dom/vitest');

// The app loads each language in two parts that web/vite.config.ts cuts out of the file
// (`?part=`); the tests run without that plugin and have every English text from the start
// (test/render.tsx), so switching languages only switches.
vi.mock('../app/i18n', async (importOriginal) => {
  const original = await importOriginal<typeof import('../app/i18n')>();
  const switchTo = async (language: string) => {
    await original.i18n.changeLanguage(language);
  };
  return {
    ...original,
    loadLanguage: async () => undefined,
    loadAllMessages: async () => undefined,
    startI18n: () => switchTo('en'),
    chooseLanguage: switchTo,
  };
});

afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});

// A page fetches its error and field texts when it first shows an error. A test that ends
// before that fetch does (its assertion was about something else) would leave the fetch
// running as the environment is taken down, and Vitest fails the whole run for it.
afterAll(async () => {
  await Promise.allSettled([errorTextLoading(), validationTextsLoading()]);
});
