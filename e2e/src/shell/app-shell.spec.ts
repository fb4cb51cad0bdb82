import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '../browser';

const baseURL = inject('baseUrl');
const screenshotDir = fileURLToPath(new URL('../../.tmp/', import.meta.url));

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A new visitor's page; uncaught script errors on it fail the test. */
async function openPage(locale?: string): Promise<{ page: Page; errors: Error[] }> {
  context = await newContext(browser, { baseURL, locale });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { page, errors };
}

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

describe('app shell', () => {
  it('sends a signed-out visitor from the start page to sign in', async () => {
    const { page, errors } = await openPage();
    await page.goto('/');

    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => page.title()).toBe('Sign in - Pactum');
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('link', { name: 'Register' }).waitFor();

    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: `${screenshotDir}app-shell-home.png` });
    expect(errors).toEqual([]);
  });

  it('switches to Finnish and back, and remembers the choice over a reload', async () => {
    const { page, errors } = await openPage();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    // The public pages' switch is a native select (the sign-in route loads no MUI).
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Suomi' });
    await page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);
    expect(await htmlLang(page)).toBe('fi');
    await expect.poll(() => page.title()).toBe('Kirjaudu sisään - Pactum');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' }).waitFor();
    expect(await htmlLang(page)).toBe('fi');

    await page.getByRole('combobox', { name: 'Kieli' }).selectOption({ label: 'English' });
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await htmlLang(page)).toBe('en');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Language' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('asks to reload once the server runs a newer version, and "Later" waits for the next', async () => {
    const { page, errors } = await openPage();
    // The page is loaded with the server's version; the server then reports another.
    let version: string | undefined;
    await page.route('**/api/health', async (route) => {
      const response = await route.fetch();
      const health = (await response.json()) as { version: string };
      await route.fulfill({ response, json: { ...health, version: version ?? health.version } });
    });
    // The page keeps the first version it hears of: the server's, before it reports another.
    const firstHealth = page.waitForResponse('**/api/health');
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await firstHealth;
    expect(await page.getByRole('dialog').count()).toBe(0);

    version = '99.0.0';
    // Showing the tab again makes the page ask for the version (as every 5 minutes).
    await page.evaluate("window.dispatchEvent(new Event('visibilitychange'))");
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The app has been upgraded to version 99.0.0. Reload now?').waitFor();
    expect(
      await dialog
        .getByRole('button', { name: 'Reload' })
        .evaluate((button) => button.matches(':focus')),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Asked again for a still newer version only; 'Reload' loads the page again.
    version = '99.0.1';
    await page.evaluate("window.dispatchEvent(new Event('visibilitychange'))");
    await dialog.getByText('upgraded to version 99.0.1').waitFor();
    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('starts in Finnish for a Finnish browser', async () => {
    const { page } = await openPage('fi-FI');
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' }).waitFor();
    expect(await htmlLang(page)).toBe('fi');
  });

  it('shows "Page not found" for an unknown path, with a way back', async () => {
    const { page, errors } = await openPage();
    await page.goto('/no/such/page');

    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Page not found - Pactum');

    await page.getByRole('link', { name: 'Back to start page' }).click();
    // The start page sends a signed-out visitor on to sign in.
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors).toEqual([]);
  });

  it('shows "Sivua ei löytynyt" for an unknown path in Finnish', async () => {
    const { page } = await openPage('fi-FI');
    await page.goto('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Sivua ei löytynyt' }).waitFor();
    await expect.poll(() => page.title()).toBe('Sivua ei löytynyt - Pactum');
  });
});
