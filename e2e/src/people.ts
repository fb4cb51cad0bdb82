import type { Page } from 'playwright-core';

/** Someone who registers with e-mail and password in a journey. */
export type Person = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  password: string;
};

/** A new person with an address no other run uses, so a shared server is fine too. */
export function newPerson(firstname: string, lastname: string): Person {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  return {
    firstname,
    lastname,
    email: `${firstname}.${lastname}.${stamp}@example.com`.toLowerCase(),
    phone: '+358401234567',
    password: 'correct-horse-7',
  };
}

/** Registers through /signup (the accounts journey checks each step) and waits for the dashboard. */
export async function signUp(page: Page, person: Person): Promise<void> {
  await page.goto('/signup');
  await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
  // With single sign-on enabled the page offers the ways to register first.
  const withEmail = page.getByRole('button', { name: 'Sign up with email' });
  const firstname = page.getByRole('textbox', { name: 'First name', exact: true });
  await firstname.or(withEmail).waitFor();
  if (await withEmail.isVisible()) await withEmail.click();
  await firstname.fill(person.firstname);
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(person.lastname);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(person.phone);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await page.getByRole('checkbox', { name: /I accept the terms of service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** Fills in the sign-in form shown on the page and submits it. */
export async function signIn(page: Page, person: Person): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs out from the side menu and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
}
