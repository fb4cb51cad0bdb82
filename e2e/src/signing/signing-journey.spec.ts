import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreeEverySection,
  baseURL,
  createCardWorkspace,
  createNdaDraft,
  notice,
  sendToOneReceiver,
  startJourney,
  screenshotDir as tmpDir,
} from '../journey';
import type { OutboxMessage } from '../outbox';
import { waitForMailLink } from '../outbox';
import { newPerson, signUp } from '../people';

/*
 * Two parties sign one deal, each in their own browser: Rick agrees to the NDA Sarah sent him,
 * section by section; Sarah names herself as the sender's
 * signer, then starts signing without typing her details again (SMS two-step on, for the whole
 * deal); Rick names himself for the receiver. Their accounts' e-mails are not verified: Sarah
 * proves hers by opening the signing link from her mail, Rick with one click on the deal page
 * (the verification mail leads him back there). Each signs with their own font and colour after
 * typing the SMS code from the outbox; the drawer counts the deal in signing and the 'To sign'
 * list shows it; both see the signed state with confetti and download the sealed PDF, whose
 * seal verifies.
 */

const TITLE = 'NDA to sign with Receiver Oy';

const sarah = newPerson('sarah', 'signer');
const rick = newPerson('rick', 'signer');
const sarahPhone = `+35840${String(Date.now()).slice(-7)}`;
const rickPhone = `+35841${String(Date.now()).slice(-7)}`;
const SIGN_LINK = /\/document\/sign\/[A-Za-z0-9_-]{22}/;

const { errors, openPage } = startJourney();
let sarahPage: Page;
let rickPage: Page;
let dealId = '';

beforeAll(async () => {
  sarahPage = await openPage({ acceptDownloads: true });
  // Rick's system does not ask for reduced motion: he sees the confetti.
  rickPage = await openPage({ acceptDownloads: true, reducedMotion: 'no-preference' });
});

/** The newest SMS code sent to the phone (the outbox keeps SMS too). */
async function waitForSmsCode(phone: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseURL}/dev/outbox.json`);
    const messages = (await response.json()) as OutboxMessage[];
    const sms = messages.find((message) => message.kind === 'sms' && message.to === phone);
    const code = sms?.text.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`No SMS code to ${phone}`);
}

async function fillSigner(page: Page, person: typeof sarah, phone: string) {
  const dialog = page.getByRole('dialog');
  const signer = dialog.getByRole('group', { name: 'Signer 1' });
  await signer.getByRole('textbox', { name: 'First name' }).fill(person.firstname);
  await signer.getByRole('textbox', { name: 'Last name' }).fill(person.lastname);
  await signer.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
  await signer.getByRole('textbox', { name: 'Phone' }).fill(phone);
}

async function signWith(page: Page, options: { text: string; font: string; colour: string }) {
  const dialog = page.getByRole('dialog', { name: `Sign "${TITLE}"` });
  await dialog.waitFor();
  await dialog.getByRole('textbox', { name: 'Your signature' }).fill(options.text);
  await dialog.getByRole('radio', { name: options.font }).check();
  await dialog.getByText('Your signature font updated.').waitFor();
  await dialog.getByRole('radio', { name: options.colour }).check();
  await dialog.getByText('Your signature colour updated.').waitFor();
  await dialog.getByRole('checkbox', { name: /I have read this document/ }).check();
  await dialog.getByRole('button', { name: 'Sign document' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('signing a deal in two browsers', () => {
  it('Sarah sends an NDA to Rick, who opens it and agrees to every section', async () => {
    await signUp(sarahPage, sarah);
    await signUp(rickPage, rick);
    const workspace = await createCardWorkspace(sarahPage, {
      title: 'Signer Ltd workspace',
      email: sarah.email,
      contactName: 'Sarah Signer',
    });
    const draftId = await createNdaDraft(sarahPage, { title: TITLE, senderName: 'Sender Ltd' });
    dealId = await sendToOneReceiver(sarahPage, {
      draftId,
      workspaceId: workspace.workspaceId,
      receiverEmail: rick.email,
    });

    const invitePath = await waitForMailLink(
      baseURL,
      rick.email,
      /\/document\/invite\/[A-Za-z0-9_-]+/,
    );
    await rickPage.goto(invitePath);
    await rickPage.getByRole('button', { name: 'Join and open' }).click();
    await rickPage.getByRole('button', { name: 'Confirm and open' }).click();
    await rickPage.waitForURL(`**/dashboard/documents/received/${dealId}`);
    // Rick accepts Sarah's text, so she may start signing.
    await agreeEverySection(rickPage, dealId);
  });

  it('Sarah names herself as the signer, then starts signing with two-step verification', async () => {
    await sarahPage.goto(`/dashboard/documents/deals/${dealId}/sign`);
    await sarahPage.getByRole('heading', { level: 1, name: 'Review and sign' }).waitFor();
    await sarahPage.getByRole('button', { name: 'Set up signers' }).click();
    const setup = sarahPage.getByRole('dialog', { name: 'Signers' });
    await setup.getByRole('combobox', { name: 'Number of signers' }).click();
    await sarahPage.getByRole('option', { name: '1', exact: true }).click();
    // A phone without the + is refused as typed.
    await fillSigner(sarahPage, sarah, '0401234567');
    await setup.getByText('Phone number must be valid (e.g., +358)').waitFor();
    await fillSigner(sarahPage, sarah, sarahPhone);
    await setup.getByRole('button', { name: 'Save signers' }).click();
    await setup.waitFor({ state: 'hidden' });

    // Starting signing shows the saved signer, phone and all: nothing is asked again.
    await sarahPage.getByRole('button', { name: 'Start signing' }).click();
    const dialog = sarahPage.getByRole('dialog', { name: 'Start signing' });
    await dialog.getByText(`${sarah.email} · ${sarahPhone}`).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Phone' }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: /two-step verification/ }).check();
    await dialog.getByRole('button', { name: 'Start signing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await sarahPage.getByText('Waiting for signatures: 0 of 1 signed.').waitFor();

    // The drawer counts the deal in signing, and her 'To sign' list holds it.
    await sarahPage.goto('/dashboard/home');
    const menu = sarahPage.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'In Signing (1)' }).click();
    await sarahPage.getByRole('tab', { name: 'To sign', selected: true }).waitFor();
    await sarahPage.getByRole('link', { name: TITLE }).waitFor();
    await sarahPage.reload();
    await menu.getByRole('link', { name: 'In Signing (1)' }).waitFor();
    // Her link came by e-mail; opening it shows the address is hers and brings her back here.
    const link = await waitForMailLink(baseURL, sarah.email, SIGN_LINK);
    await sarahPage.goto(link);
    await sarahPage.getByRole('heading', { level: 1, name: 'Open the contract to sign' }).waitFor();
    await sarahPage.getByRole('button', { name: 'Open to sign' }).click();
    await sarahPage.waitForURL(`**/dashboard/documents/deals/${dealId}/sign`);
    await sarahPage.getByText('Waiting for signatures: 0 of 1 signed.').waitFor();
  });

  it('Sarah signs after the SMS code, in Kalam and green', async () => {
    await sarahPage.getByRole('button', { name: 'Sign document' }).first().click();
    const dialog = sarahPage.getByRole('dialog', { name: `Sign "${TITLE}"` });
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText(/^Verification sent to: \+358\*+\d{3}$/).waitFor();
    // A wrong code is refused first.
    const code = await waitForSmsCode(sarahPhone);
    const wrong = code === '000000' ? '111111' : '000000';
    const field = dialog.getByRole('textbox', { name: 'Verification code' });
    await field.fill(wrong);
    await dialog
      .getByText('Verification code is invalid. Please check the code and try again.')
      .waitFor();
    await field.fill(code);
    await dialog.getByText('Verification completed').waitFor();
    await signWith(sarahPage, { text: 'Sarah Signer', font: 'Kalam', colour: 'Green' });
    await notice(sarahPage, `Great! You have signed the "${TITLE}" document!`).waitFor();
    await sarahPage.getByText('Waiting for signatures: 1 of 1 signed.').waitFor();
  });

  it('Rick names himself as the receiver’s signer and signs in Montez and purple', async () => {
    await rickPage.goto(`/dashboard/documents/deals/${dealId}`);
    await rickPage.waitForURL(`**/dashboard/documents/deals/${dealId}/sign`);
    await rickPage.getByRole('button', { name: 'Set up signers' }).click();
    const dialog = rickPage.getByRole('dialog', { name: 'Signers' });
    await fillSigner(rickPage, rick, rickPhone);
    // Two-step verification is the deal's: Sarah turned it on, so it shows on and read-only.
    const twoStep = dialog.getByRole('checkbox', { name: /two-step verification/ });
    expect(await twoStep.isChecked()).toBe(true);
    expect(await twoStep.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Save signers' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rickPage.getByText('Waiting for signatures: 1 of 2 signed.').waitFor();
    // His address is not verified yet: one click on the deal page mails him the link that proves
    // it, and the link brings him back here.
    const mine = rickPage.getByRole('group', { name: 'Rick Signer' });
    await mine.getByText('Please verify your e-mail address before signing.').waitFor();
    await mine.getByRole('button', { name: 'Send verification e-mail' }).click();
    await mine
      .getByText(`We sent a verification link to ${rick.email}.`, { exact: false })
      .waitFor();
    const verify = await waitForMailLink(
      baseURL,
      rick.email,
      // The link of this mail leads back to the deal (the one mailed at sign-up does not).
      /\/verify\/email\?mode=verifyEmail&code=[^\s"&]+&continue=[^\s"]+/,
    );
    // Signed in, the link brings him straight back to the deal.
    await rickPage.goto(verify);
    await rickPage.waitForURL(`**/dashboard/documents/deals/${dealId}/sign`);
    await rickPage.getByRole('button', { name: 'Sign document' }).first().click();
    const signDialog = rickPage.getByRole('dialog', { name: `Sign "${TITLE}"` });
    await signDialog.getByRole('button', { name: 'Send code' }).click();
    const code = await waitForSmsCode(rickPhone);
    await signDialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await signDialog.getByText('Verification completed').waitFor();
    await signWith(rickPage, { text: 'Rick Signer', font: 'Montez', colour: 'Purple' });
    // The last signature: everyone has signed, with confetti (drawn without a worker, which the
    // Content Security Policy would refuse).
    await rickPage.getByTestId('confetti').waitFor({ state: 'attached' });
  });

  it('both see the signed state and download the sealed PDF', async () => {
    const done = `Great! All parties have now signed the "${TITLE}" document!`;
    for (const page of [rickPage, sarahPage]) {
      await page.getByText(done).waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { level: 1, name: 'Signed' }).waitFor();
      const signatures = page.getByTestId('signature');
      await expect
        .poll(() => signatures.allTextContents())
        .toEqual(expect.arrayContaining(['Sarah Signer', 'Rick Signer']));
      const download = page.getByRole('link', { name: 'Download signed PDF' });
      await download.waitFor({ timeout: 60_000 });
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      const path = `${tmpDir}signed-${Math.random().toString(36).slice(2)}.pdf`;
      await file.saveAs(path);
      const bytes = await readFile(path);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const report = execFileSync('pdfsig', ['-nocert', '-no-ocsp', path], { encoding: 'utf8' });
      expect(report).toContain('Signature is Valid');
    }
    // Sarah's signature is drawn in Kalam, green.
    const sarahSignature = sarahPage.getByTestId('signature').filter({ hasText: 'Sarah Signer' });
    expect(
      await sarahSignature.evaluate(
        (node) =>
          (
            globalThis as unknown as { getComputedStyle(n: unknown): { fontFamily: string } }
          ).getComputedStyle(node).fontFamily,
      ),
    ).toContain('Kalam');
    await sarahPage.screenshot({ path: `${tmpDir}signing-signed.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
});
