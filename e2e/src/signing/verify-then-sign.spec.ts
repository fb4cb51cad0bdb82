import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreeEverySection,
  api,
  baseURL,
  createCardWorkspace,
  pathname,
  sendNdaAndJoin,
  startJourney,
} from '../journey';
import { waitForMailLink } from '../outbox';
import { newPerson, signUp } from '../people';

/*
 * Verify, then sign (issue 37): Vera has not verified her e-mail yet and names herself as her
 * party's signer. The deal page asks her to verify first; one click sends the mail and says to
 * whom; its link brings her straight back to the deal's signing view, where she can sign at once.
 */

const TITLE = 'NDA to sign after verifying';
const vera = newPerson('vera', 'verifier');
const rami = newPerson('rami', 'receiver');

const { errors, openPage } = startJourney();
let veraPage: Page;
let ramiPage: Page;
let dealId = '';

beforeAll(async () => {
  veraPage = await openPage();
  ramiPage = await openPage();
});

describe('verifying the e-mail on the way to signing', () => {
  it('Vera sends an NDA, Rami agrees to it, and Vera starts signing as its signer', async () => {
    await signUp(veraPage, vera);
    await signUp(ramiPage, rami);
    const { workspaceId } = await createCardWorkspace(veraPage, {
      title: 'Verifier Ltd workspace',
      email: vera.email,
      contactName: 'Vera Verifier',
    });
    dealId = await sendNdaAndJoin(veraPage, ramiPage, {
      title: TITLE,
      senderName: 'Verifier Ltd',
      workspaceId,
      receiverEmail: rami.email,
    });
    await agreeEverySection(ramiPage, dealId);
    await api(veraPage, 'POST', `/deals/${dealId}/start-signing`, {
      signers: [
        {
          party: 'sender',
          firstname: vera.firstname,
          lastname: vera.lastname,
          email: vera.email,
          phone: '+358401234567',
        },
      ],
      use2faInSigning: false,
    });
  });

  it('the deal page asks her to verify, sends the mail and says to whom', async () => {
    await veraPage.goto(`/dashboard/documents/deals/${dealId}/sign`);
    const mine = veraPage.getByRole('group', { name: 'Vera Verifier' });
    await mine.getByText('Please verify your e-mail address before signing.').waitFor();
    expect(await veraPage.getByRole('button', { name: 'Sign document' }).count()).toBe(0);
    await mine.getByRole('button', { name: 'Send verification e-mail' }).click();
    await mine
      .getByText(
        `We sent a verification link to ${vera.email}. Open it to come back here and sign.`,
        { exact: true },
      )
      .waitFor();
  });

  it('the mail’s link brings her back to the signing view, ready to sign', async () => {
    const link = await waitForMailLink(
      baseURL,
      vera.email,
      // This mail's link leads back to the deal (the one mailed at sign-up does not).
      /\S+\/verify\/email\?mode=verifyEmail&code=[^\s"&]+&continue=[^\s"]+/,
    );
    await veraPage.goto(link);
    await veraPage.waitForURL(`**/dashboard/documents/deals/${dealId}/sign`);
    expect(pathname(veraPage)).toBe(`/dashboard/documents/deals/${dealId}/sign`);
    await veraPage.getByRole('heading', { level: 1, name: 'Review and sign' }).waitFor();
    const sign = veraPage.getByRole('button', { name: 'Sign document' }).first();
    await sign.waitFor();
    expect(await sign.isEnabled()).toBe(true);
    expect(
      await veraPage.getByText('Please verify your e-mail address before signing.').count(),
    ).toBe(0);
    await sign.click();
    await veraPage.getByRole('dialog', { name: `Sign "${TITLE}"` }).waitFor();
  });

  it('ends without script errors', () => {
    expect(errors).toEqual([]);
  });
});
