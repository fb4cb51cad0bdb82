import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '../browser';
import { waitForMailLink } from '../outbox';

const baseURL = inject('baseUrl');
const screenshotDir = fileURLToPath(new URL('../../.tmp/', import.meta.url));

/** The person of this journey; a unique address so that a shared server is fine too. */
const person = {
  firstname: 'mary',
  lastname: 'smith',
  email: `mary.smith.${Date.now().toString(36)}@example.com`,
  phone: '+358401234567',
  password: 'correct-horse-7',
};

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(screenshotDir, { recursive: true });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A new person's browser; uncaught script errors on its page fail the test. */
async function openPage(): Promise<{ page: Page; errors: Error[] }> {
  const context = await newContext(browser, { baseURL });
  contexts.push(context);
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { page, errors };
}

const pathname = (page: Page) => new URL(page.url()).pathname;

async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  // Let transitions (drawer, dialogs, toasts) settle before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage });
}

async function signIn(page: Page, email: string, password: string, submit = 'Sign in') {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: /^(Password|Salasana)$/ }).fill(password);
  await page.getByRole('button', { name: submit, exact: true }).click();
}

describe('accounts', () => {
  it('registers with e-mail, verifies the address and keeps edited settings', async () => {
    const { page, errors } = await openPage();
    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await expect.poll(() => page.title()).toBe('Create your account - Pactum');
    // With single sign-on enabled the page offers the ways to register first.
    const withEmail = page.getByRole('button', { name: 'Sign up with email' });
    await page.getByRole('textbox', { name: 'First name', exact: true }).or(withEmail).waitFor();
    if (await withEmail.isVisible()) await withEmail.click();

    await page.getByRole('textbox', { name: 'First name', exact: true }).fill(person.firstname);
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(person.lastname);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
    const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
    expect(await phone.inputValue()).toBe('+358');
    await phone.fill(person.phone);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
    const submit = page.getByRole('button', { name: 'Create account' });
    expect(await submit.isDisabled()).toBe(true);

    // The terms open in a dialog without ticking the box.
    await page.getByRole('button', { name: 'terms of service' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms of service' });
    await terms.getByRole('heading', { name: '1. The service' }).waitFor();
    await terms.getByRole('button', { name: 'Close' }).click();
    await terms.waitFor({ state: 'hidden' });
    const accept = page.getByRole('checkbox', { name: /I accept the terms of service/ });
    expect(await accept.isChecked()).toBe(false);
    expect(await submit.isDisabled()).toBe(true);
    await screenshot(page, 'accounts-signup');

    await accept.check();
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();

    // Signed in at once, on the dashboard, with a welcome.
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(pathname(page)).toBe('/dashboard/home');
    await page.getByText('Welcome to Pactum, Mary!').waitFor();
    // The first sign-in shows for a while that the dashboard is being set up.
    await page.getByRole('progressbar', { name: 'Setting up your dashboard…' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Your contracts' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Contract updates' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link', { name: /^Negotiate/ }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await screenshot(page, 'accounts-dashboard');

    // Without a workspace the archive keeps the Inbox but offers no folders.
    await menu.getByRole('link', { name: /^My archive/ }).click();
    await page
      .getByText('A Workspace is required to create folders and upload documents.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Create new folder' }).isDisabled()).toBe(true);
    expect(pathname(page)).toBe('/dashboard/account/archive');

    await menu.getByRole('link', { name: 'My account' }).click();
    await expect.poll(() => page.title()).toBe('My account - Pactum');

    // The two one-time questions (the page behind them is hidden from assistive technology).
    const notifications = page.getByRole('dialog', {
      name: 'Stay informed with email notifications',
    });
    await notifications.waitFor();
    expect(await notifications.getByRole('radio', { name: 'Once per day' }).isChecked()).toBe(true);
    await notifications.getByRole('radio', { name: 'Once per week' }).check();
    await notifications.getByRole('button', { name: 'Save' }).click();
    const autofill = page.getByRole('dialog', { name: 'Autofill makes life faster!' });
    await autofill.getByRole('button', { name: 'Later' }).click();
    await autofill.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();

    // Unverified: a warning and a way to send the mail again.
    await page.getByText(`Your email address ${person.email} has not been verified.`).waitFor();
    await page.getByRole('button', { name: 'Send verification email' }).click();
    await page
      .getByText(`A verification email has been sent to ${person.email}.`, {
        exact: false,
      })
      .waitFor();
    await screenshot(page, 'accounts-account', true);

    const link = await waitForMailLink(
      baseURL,
      person.email,
      /\S+\/verify\/email\?mode=verifyEmail&code=\S+/,
    );
    expect(link.startsWith(`${baseURL}/verify/email?`)).toBe(true);
    await page.goto(link);
    await page.getByText('Thank you! Your email address has been verified.').waitFor();
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await page.goto('/dashboard/account/my');
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    expect(await page.getByText(/has not been verified/).count()).toBe(0);

    // Edit, save, reload: kept (and the name capitalised by the server).
    const info = page.getByRole('region', { name: 'Account info' });
    const lastname = info.getByRole('textbox', { name: 'Last name', exact: true });
    await lastname.fill('jones');
    await info.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => lastname.inputValue()).toBe('Jones');
    expect(await info.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    const company = page.getByRole('region', { name: 'Autofill information' });
    await company.getByRole('textbox', { name: 'Company name', exact: true }).fill('Acme Oy');
    await company.getByRole('textbox', { name: 'Business ID', exact: true }).fill('1234567-8');
    await company.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => company.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Last name', exact: true }).inputValue()).toBe(
      'Jones',
    );
    expect(
      await page.getByRole('textbox', { name: 'Company name', exact: true }).inputValue(),
    ).toBe('Acme Oy');
    expect(await page.getByRole('textbox', { name: 'Business ID', exact: true }).inputValue()).toBe(
      '1234567-8',
    );
    expect(await page.getByRole('combobox', { name: 'Frequency' }).textContent()).toBe(
      'Once per week',
    );
    // Asked once only.
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Finnish, saved for the user.
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Suomi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Oma tili' }).waitFor();
    await page.getByRole('region', { name: 'Tilin tiedot' }).waitFor();
    await expect.poll(() => page.title()).toBe('Oma tili - Pactum');

    await page
      .getByRole('navigation', { name: 'Päävalikko' })
      .getByRole('button', { name: 'Kirjaudu ulos' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' }).waitFor();
    expect(pathname(page)).toBe('/login');
    expect(errors).toEqual([]);
  });

  it('signs in again in another browser, back to the page asked for, in the saved language', async () => {
    const { page, errors } = await openPage();
    await page.goto('/dashboard/account/my');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(pathname(page)).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/account/my');
    await screenshot(page, 'accounts-login');

    await signIn(page, person.email.toUpperCase(), person.password);
    // The user chose Finnish in the other browser.
    await page.getByRole('heading', { level: 1, name: 'Oma tili' }).waitFor();
    expect(pathname(page)).toBe('/dashboard/account/my');
    expect(await page.getByRole('textbox', { name: 'Sukunimi', exact: true }).inputValue()).toBe(
      'Jones',
    );
    expect(await page.locator('html').getAttribute('lang')).toBe('fi');

    // `/` of a signed-in user leads to the dashboard.
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Etusivu' }).waitFor();
    expect(pathname(page)).toBe('/dashboard/home');
    expect(errors).toEqual([]);
  });

  it('changes the password and rebuilds the counters', async () => {
    const { page, errors } = await openPage();
    await page.goto('/dashboard/account/my');
    await signIn(page, person.email, person.password);
    await page.getByRole('heading', { level: 1, name: 'Oma tili' }).waitFor();
    await page.getByRole('combobox', { name: 'Kieli' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();

    const card = page.getByRole('region', { name: 'Change password' });
    await card
      .getByRole('textbox', { name: 'Current password', exact: true })
      .fill(person.password);
    const confirm = card.getByRole('textbox', { name: 'Confirm new password', exact: true });
    expect(await confirm.count()).toBe(0);
    const newPassword = 'battery-staple-42';
    await card.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await confirm.fill('battery-staple-41');
    await card.getByText('Current value does not match New password').waitFor();
    const submit = card.getByRole('button', { name: 'Change password' });
    expect(await submit.isDisabled()).toBe(true);
    await confirm.fill(newPassword);
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();
    person.password = newPassword;

    await page.getByRole('button', { name: 'Rebuild dashboard counters' }).click();
    const rebuild = page.getByRole('dialog', { name: 'Rebuild dashboard counters?' });
    await rebuild.getByRole('button', { name: 'Rebuild' }).click();
    await page.getByText('Dashboard counter rebuilt successfully!').waitFor();

    // A program's token: made here and shown once, it calls the API in place of the cookie,
    // only reads, and stops at once when revoked.
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByText('No API tokens yet.').waitFor();
    await tokens.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API token' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('CRM export');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'Your token “CRM export”' });
    const token = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(token).toMatch(/^pct_[\w-]{40,}$/);
    await screenshot(page, 'account-api-token');
    const asProgram = (method: string, path: string) =>
      fetch(`${baseURL}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    const me = await asProgram('GET', '/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(person.email);
    const write = await asProgram('POST', '/me/rebuild-counters');
    expect(write.status).toBe(403);
    expect(((await write.json()) as { error: { code: string } }).error.code).toBe(
      'token_read_only',
    );
    await shown.getByRole('button', { name: 'Done' }).click();
    await tokens.getByText('CRM export').waitFor();
    expect(await tokens.getByText(token).count()).toBe(0);
    await tokens.getByRole('button', { name: 'Revoke CRM export' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke the token?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByText('Token “CRM export” revoked').waitFor();
    expect((await asProgram('GET', '/me')).status).toBe(401);

    // This browser stays signed in; the new password works for the next sign-in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await signIn(page, person.email, person.password);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('says why a sign-in fails', async () => {
    const { page, errors } = await openPage();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    // The card checks its fields before it asks the server, the first one in error focused,
    // and checks again as the user types.
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    const required = page.getByText('This field is required');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => required.count()).toBe(2);
    expect(await email.evaluate((input) => input.matches(':focus'))).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await email.fill(person.email);
    await expect.poll(() => required.count()).toBe(1);
    expect(await email.getAttribute('aria-invalid')).toBeNull();

    await signIn(page, person.email, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    expect(pathname(page)).toBe('/login');

    await signIn(page, `nobody.${Date.now()}@example.com`, person.password);
    await page
      .getByRole('alert')
      .filter({ hasText: 'No account found with this email address. Please register.' })
      .waitFor();

    // The forgot-password card.
    await page.getByRole('button', { name: 'Trouble signing in? Click here' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await page.getByText(`If an account exists for ${person.email}`).waitFor();
    expect(errors).toEqual([]);
  });

  it('explains failed SSO, unknown links and invites', async () => {
    const { page, errors } = await openPage();
    await page.goto('/login?error=sso_failed');
    await page.getByRole('alert').filter({ hasText: 'SSO sign in failed.' }).waitFor();

    await page.goto('/verify/email?mode=somethingElse&code=x');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Unknown error: Pactum sends no such link.' })
      .waitFor();

    await page.goto('/verify/email?mode=verifyEmail&code=not-a-real-code');
    await page
      .getByRole('alert')
      .filter({ hasText: 'The link has expired or has already been used.' })
      .waitFor();

    await page.goto('/document/invite/no-such-invite');
    await page.getByRole('alert').filter({ hasText: 'Invite not found' }).waitFor();
    await page.goto('/document/sign/no-such-signer');
    await page.getByRole('alert').filter({ hasText: 'Invite not found' }).waitFor();
    expect(errors).toEqual([]);
  });
});
