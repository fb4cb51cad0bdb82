import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
} from 'playwright-core';

/** Debian's Chromium flags for a quiet, headless run in a container. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launches the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium), headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export type ContextOptions = BrowserContextOptions & {
  /** The app's address; pages then `goto('/path')`. */
  baseURL: string;
  /** The browser's language, e.g. `fi-FI`; it decides the app's default language. */
  locale?: string;
};

/**
 * A fresh browser profile (no cookies, no storage) for one person in a journey. It asks for
 * reduced motion unless told otherwise: the app then opens dialogs and menus without animating
 * them (as it does for anyone who asks), so steps wait for nothing and the browser draws less.
 */
export function newContext(browser: Browser, options: ContextOptions): Promise<BrowserContext> {
  return browser.newContext({
    locale: 'en-US',
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
    ...options,
  });
}
