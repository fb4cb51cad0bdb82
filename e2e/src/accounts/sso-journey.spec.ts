import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '../browser';

const baseURL = inject('baseUrl');
const ssoAccount = inject('ssoAccount');

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The provider's own (development) login and consent pages, as the person fills them. */
async function passProvider(page: Page, login: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  for (let step = 0; step < 4 && new URL(page.url()).origin !== origin; step += 1) {
    const loginField = page.locator('input[name="login"]');
    if (await loginField.count()) {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill('any password');
    }
    await Promise.all([
      page.waitForEvent('framenavigated'),
      page.locator('button[type="submit"]').first().click(),
    ]);
    await page.waitForLoadState();
  }
}

describe.skipIf(!ssoAccount)('sign-in with Google', () => {
  it('completes the profile of a new Google user, then signs in straight', async () => {
    if (!ssoAccount) return;
    context = await newContext(browser, { baseURL });
    const page = await context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));

    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    // Google is enabled, so the page offers the choice first.
    await page.getByRole('button', { name: 'Sign up with email' }).waitFor();
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await passProvider(page, ssoAccount.login);

    // Back in Pactum: the profile is not complete yet.
    await page.getByRole('heading', { level: 1, name: 'Complete your registration' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sso/signup');
    await page.getByText(`You signed in with Google as ${ssoAccount.email}.`).waitFor();
    const firstname = page.getByRole('textbox', { name: 'First name', exact: true });
    expect(await firstname.inputValue()).toBe(ssoAccount.firstname);
    const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
    await phone.fill('+358501112233');
    const create = page.getByRole('button', { name: 'Create account' });
    expect(await create.isDisabled()).toBe(true);

    await page.screenshot({
      path: fileURLToPath(new URL('../../.tmp/accounts-sso-signup.png', import.meta.url)),
    });

    // What was typed is kept in this browser until the signup is done, e.g. over a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Complete your registration' }).waitFor();
    expect(await phone.inputValue()).toBe('+358501112233');

    // Cancel signs out and forgets the draft.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(
      await page.evaluate<string | null>("localStorage.getItem('pactum.ssoSignup')"),
    ).toBeNull();

    // The next Google sign-in comes back to the same question.
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await passProvider(page, ssoAccount.login);
    await page.getByRole('heading', { level: 1, name: 'Complete your registration' }).waitFor();
    expect(await phone.inputValue()).toBe('+358');
    await phone.fill('+358501112233');
    await page.getByRole('checkbox', { name: /I accept the terms of service/ }).check();
    await expect.poll(() => create.isDisabled()).toBe(false);
    await create.click();

    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/home');
    expect(
      await page.evaluate<string | null>("localStorage.getItem('pactum.ssoSignup')"),
    ).toBeNull();

    // The provider owns the address: no e-mail change and no password form.
    await page.goto('/dashboard/account/my');
    await page
      .getByRole('dialog', { name: 'Stay informed with email notifications' })
      .getByRole('button', { name: 'Not now' })
      .click();
    await page
      .getByRole('dialog', { name: 'Autofill makes life faster!' })
      .getByRole('button', { name: 'Later' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    expect(await email.inputValue()).toBe(ssoAccount.email);
    expect(await email.isDisabled()).toBe(true);
    await page
      .getByText('Signed in with Google: the email address cannot be changed here.')
      .waitFor();

    // Signing out and in again with Google goes straight to the page asked for.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.goto('/dashboard/account/my');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await passProvider(page, ssoAccount.login);
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/account/my');
    expect(errors).toEqual([]);
  });
});
