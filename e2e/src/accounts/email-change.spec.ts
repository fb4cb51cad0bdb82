import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '../browser';
import { waitForMailLink } from '../outbox';
import { newPerson, signIn, signOut, signUp } from '../people';

const baseURL = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser, { baseURL });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the account page and answers its two one-time questions. */
async function openAccount() {
  await page.goto('/dashboard/account/my');
  const notifications = page.getByRole('dialog', {
    name: 'Stay informed with email notifications',
  });
  await notifications.getByRole('button', { name: 'Save' }).click();
  const autofill = page.getByRole('dialog', { name: 'Autofill makes life faster!' });
  await autofill.getByRole('button', { name: 'Later' }).click();
  await autofill.waitFor({ state: 'hidden' });
}

describe('changing the e-mail address', () => {
  it('changes it when the link sent to the new address is opened', async () => {
    const person = newPerson('erik', 'moved');
    await signUp(page, person);
    await openAccount();
    const field = page.getByRole('textbox', { name: 'Email', exact: true });
    expect(await field.inputValue()).toBe(person.email);

    await field.fill('not an address');
    await page.getByText('Invalid email address, please fix your email address').waitFor();
    expect(await page.getByRole('button', { name: 'Change email' }).isDisabled()).toBe(true);

    const newEmail = `erik.new.${Date.now()}@example.com`;
    await field.fill(newEmail);
    await page.getByRole('button', { name: 'Change email' }).click();
    await page
      .getByText(
        `A confirmation link was sent to ${newEmail}. Your email address changes when you open it.`,
      )
      .waitFor();
    // Nothing changes until the link is opened.
    expect(await field.inputValue()).toBe(person.email);

    const link = await waitForMailLink(
      baseURL,
      newEmail,
      /\S+\/verify\/email\?mode=verifyEmail&code=\S+/,
    );
    // Signed in, the link leads back to the account page and says so (a toast, also announced).
    await page.goto(link);
    await page.getByText('Thank you! Your email address has been verified.').first().waitFor();
    await page.goto('/dashboard/account/my');
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await expect.poll(() => field.inputValue()).toBe(newEmail);

    // The new address is the sign-in name from now on.
    await signOut(page);
    await signIn(page, { ...person, email: newEmail });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});
