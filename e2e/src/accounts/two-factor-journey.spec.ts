import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { notice, screenshot, startJourney } from '../journey';
import { newPerson, signIn, signOut, signUp } from '../people';
import { authenticatorCode, enterSignInCode } from '../two-factor';

const journey = startJourney();
const dana = newPerson('dana', 'duo');

let page: Page;
let secret = '';
let recoveryCodes: string[] = [];

const twoFactorCard = () => page.getByRole('region', { name: 'Two-step sign-in' });

describe('two-step sign-in', () => {
  it('turns on an authenticator app with a code computed from the shown key', async () => {
    page = await journey.openPage();
    await signUp(page, dana);
    await page.goto('/dashboard/account/my');
    // A new account's first visit asks about e-mail summaries and autofill first.
    await page
      .getByRole('dialog', { name: 'Stay informed with email notifications' })
      .getByRole('button', { name: 'Not now' })
      .click();
    await page
      .getByRole('dialog', { name: 'Autofill makes life faster!' })
      .getByRole('button', { name: 'Later' })
      .click();
    const card = twoFactorCard();
    await card.getByText('Not set up.').waitFor();
    await card.getByRole('button', { name: 'Set up authenticator app' }).click();
    const key = card.getByRole('textbox', { name: 'Setup key' });
    await key.waitFor();
    secret = (await key.inputValue()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByRole('link', { name: 'Open in an authenticator app on this device' }).waitFor();
    // A wrong code is refused and keeps the set-up open.
    await card.getByRole('textbox', { name: 'Code from the app' }).fill('000000');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByRole('alert').getByText('The code is not correct.').waitFor();
    await card.getByRole('textbox', { name: 'Code from the app' }).fill(authenticatorCode(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
    const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    recoveryCodes = await codes.allInnerTexts();
    await screenshot(page, 'two-factor-recovery-codes');
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText(/^On since /).waitFor();
    await card.getByText('10 unused recovery codes left.').waitFor();
    expect(journey.errors).toEqual([]);
  });

  it('signs in with password and a code from the app', async () => {
    await signOut(page);
    await signIn(page, dana);
    await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    // The step after the one that confirmed the app: every code works once.
    await enterSignInCode(page, authenticatorCode(secret, 1));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(journey.errors).toEqual([]);
  });

  it('takes a recovery code once and refuses it the second time', async () => {
    const [recovery = ''] = recoveryCodes;
    await signOut(page);
    await signIn(page, dana);
    await enterSignInCode(page, recovery);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await signOut(page);
    await signIn(page, dana);
    await enterSignInCode(page, recovery);
    await page.getByRole('alert').getByText('The code is not correct.').waitFor();
    await screenshot(page, 'two-factor-recovery-refused');
    // Still on the second step: another recovery code gets in.
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(recoveryCodes[1] ?? '');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(journey.errors).toEqual([]);
  });

  it('registers a passkey in Chromium’s virtual authenticator and signs in with it', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto('/dashboard/account/my');
    const card = twoFactorCard();
    await card.getByText('No passkeys yet.', { exact: false }).waitFor();
    await card.getByRole('textbox', { name: 'Passkey name' }).fill('Work laptop');
    await card.getByRole('button', { name: 'Add passkey' }).click();
    await notice(page, 'Passkey "Work laptop" added.').waitFor();
    await card.getByRole('list', { name: 'Passkeys' }).getByText('Work laptop').waitFor();
    await screenshot(page, 'two-factor-card', true);

    await signOut(page);
    await signIn(page, dana);
    await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.goto('/dashboard/account/my');
    await twoFactorCard()
      .getByText(/^Last used /)
      .waitFor();
    expect(journey.errors).toEqual([]);
  });

  it('lists where the account is signed in and signs the other browser out', async () => {
    const other = await journey.openPage();
    await other.goto('/login');
    await signIn(other, dana);
    await enterSignInCode(other, recoveryCodes[2] ?? '');
    await other.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await page.reload();
    const sessions = page.getByRole('region', { name: "Where you're signed in" });
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
    await sessions.getByText('This browser').waitFor();
    await sessions
      .getByText(/^Chrome on Linux/)
      .first()
      .waitFor();
    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await notice(page, 'Signed out of 1 other session.').waitFor();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);

    await other.reload();
    await other.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(journey.errors).toEqual([]);
  });
});
