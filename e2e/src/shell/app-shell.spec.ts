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

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Suomi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);
    expect(await htmlLang(page)).toBe('fi');
    await expect.poll(() => page.title()).toBe('Kirjaudu sisään - Pactum');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' }).waitFor();
    expect(await htmlLang(page)).toBe('fi');

    await page.getByRole('combobox', { name: 'Kieli' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await htmlLang(page)).toBe('en');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Language' }).count()).toBe(1);
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
