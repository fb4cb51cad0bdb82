import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreeEverySection,
  api,
  createCardWorkspace,
  pathname,
  screenshot,
  sendNdaAndJoin,
  startJourney,
} from '../journey';
import { newPerson, signUp } from '../people';

/*
 * Declining to sign (issue 40): Dana sends an NDA and starts signing; Rami, its receiver's
 * signer, will not sign this text. He declines with a reason; Dana, looking at the signing view,
 * sees who declined and why at once, and the deal is back in her negotiation list, marked.
 */

const TITLE = 'NDA that is declined';
const REASON = 'Clause 4 keeps our own know-how secret for ten years; we agreed on three.';
const dana = newPerson('dana', 'sender');
const rami = newPerson('rami', 'receiver');

const { errors, openPage } = startJourney();
let danaPage: Page;
let ramiPage: Page;
let dealId = '';

const signer = (person: typeof dana, party: 'sender' | 'receiver', phone: string) => ({
  party,
  firstname: person.firstname,
  lastname: person.lastname,
  email: person.email,
  phone,
});

beforeAll(async () => {
  danaPage = await openPage();
  ramiPage = await openPage();
});

describe('declining to sign with a reason', () => {
  it('Dana sends an NDA, Rami agrees, and both name their signers', async () => {
    await signUp(danaPage, dana);
    await signUp(ramiPage, rami);
    const { workspaceId } = await createCardWorkspace(danaPage, {
      title: 'Decliner test workspace',
      email: dana.email,
      contactName: 'Dana Sender',
    });
    dealId = await sendNdaAndJoin(danaPage, ramiPage, {
      title: TITLE,
      senderName: 'Sender Ltd',
      workspaceId,
      receiverEmail: rami.email,
    });
    await agreeEverySection(ramiPage, dealId);
    await api(danaPage, 'POST', `/deals/${dealId}/start-signing`, {
      signers: [signer(dana, 'sender', '+358401234567')],
      use2faInSigning: false,
    });
    await api(ramiPage, 'PUT', `/deals/${dealId}/signers`, {
      signers: [signer(rami, 'receiver', '+358401234568')],
    });
  });

  it('Rami declines; a reason too short is refused in the dialog first', async () => {
    await danaPage.goto(`/dashboard/documents/deals/${dealId}/sign`);
    await danaPage.getByText('Waiting for signatures: 0 of 2 signed.').waitFor();
    await ramiPage.goto(`/dashboard/documents/deals/${dealId}/sign`);
    await ramiPage.getByRole('button', { name: 'Decline to sign' }).click();
    const dialog = ramiPage.getByRole('dialog', { name: 'Decline to sign' });
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await reason.fill('No.');
    await dialog.getByRole('button', { name: 'Decline to sign' }).click();
    await dialog.getByText('At least 10 characters required').waitFor();
    await reason.fill(REASON);
    await screenshot(ramiPage, 'decline-dialog');
    await dialog.getByRole('button', { name: 'Decline to sign' }).click();
    await ramiPage.waitForURL(`**/dashboard/documents/received/${dealId}`);
    expect(pathname(ramiPage)).toBe(`/dashboard/documents/received/${dealId}`);
    await ramiPage
      .getByRole('status')
      .filter({ hasText: 'declined to sign on' })
      .getByText(`Reason: ${REASON}`)
      .waitFor();
  });

  it('Dana sees who declined and why at once, and the deal marked in her list', async () => {
    const notice = danaPage.getByRole('status').filter({ hasText: 'declined to sign on' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      // Names are stored capitalised, as the signer setup keeps them.
      'Rami Receiver (Receiver Oy) declined to sign',
    );
    await notice.getByText(`Reason: ${REASON}`).waitFor();
    await danaPage
      .getByText(
        'Signing has not started. Set up your signers and start signing when the text is agreed.',
      )
      .waitFor();
    await screenshot(danaPage, 'decline-seen-by-sender');

    await danaPage.goto('/dashboard/documents/negotiate');
    const row = danaPage.getByRole('row').filter({ hasText: TITLE });
    await row.getByText('Declined', { exact: true }).waitFor();
    await screenshot(danaPage, 'decline-in-list');
  });

  it('ends without script errors', () => {
    expect(errors).toEqual([]);
  });
});
