import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreeEverySection,
  api,
  baseURL,
  createCardWorkspace,
  moveClock,
  pathname,
  screenshot,
  sendNdaAndJoin,
  startJourney,
} from '../journey';
import { type OutboxMessage, readOutbox, waitForMailLink } from '../outbox';
import { newPerson, signUp } from '../people';

/*
 * Declining to sign, and reminders (issue 40): Dana sends an NDA and starts signing; Rami, its
 * receiver's signer, will not sign this text. He declines with a reason; Dana, looking at the
 * signing view, sees who declined and why at once, and the deal is back in her negotiation list,
 * marked; Rami's old link says the request ended. Dana starts again with reminders, reminds Rami
 * now (once an hour at most), and three days on (the server's clock moved) the schedule reminds
 * him too. It moves the clock, so it runs on the clock lane.
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

afterAll(async () => {
  // The other journeys on this lane share the server: its clock goes back to the real time.
  await moveClock({ reset: true }).catch(() => undefined);
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

  it('Rami’s old signing link says the request ended, not that it is missing', async () => {
    const link = await waitForMailLink(baseURL, rami.email, /\S+\/document\/sign\/[\w-]+/);
    await ramiPage.goto(link);
    await ramiPage
      .getByRole('alert')
      .filter({ hasText: 'This signing request ended because someone declined to sign.' })
      .waitFor();
    await ramiPage.getByRole('link', { name: 'Open dashboard' }).waitFor();
    await screenshot(ramiPage, 'decline-ended-link');
  });

  it('Dana starts signing again with reminders; Remind now mails Rami once an hour', async () => {
    await api(danaPage, 'PUT', `/deals/${dealId}/signers`, {
      signers: [signer(dana, 'sender', '+358401234567')],
    });
    await danaPage.goto(`/dashboard/documents/deals/${dealId}/sign`);
    await danaPage.getByRole('button', { name: 'Start signing' }).click();
    const dialog = danaPage.getByRole('dialog', { name: 'Start signing' });
    const reminders = dialog.getByRole('checkbox', { name: /Remind signers who have not signed/ });
    expect(await reminders.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Start signing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The decline is history now: the mark goes when signing starts again.
    expect(await danaPage.getByText('declined to sign on').count()).toBe(0);
    await api(ramiPage, 'PUT', `/deals/${dealId}/signers`, {
      signers: [signer(rami, 'receiver', '+358401234568')],
    });

    const ramiSlot = danaPage.getByRole('group', { name: 'Rami Receiver' });
    await ramiSlot.getByText(/Next reminder/).waitFor();
    await ramiSlot.getByRole('button', { name: 'Remind now' }).click();
    await danaPage.getByText('Reminder sent to Rami Receiver.').waitFor();
    await ramiSlot.getByText(/Reminded 1×/).waitFor();
    await ramiSlot.getByRole('button', { name: 'Remind now' }).click();
    await ramiSlot
      .getByRole('alert')
      .filter({ hasText: 'This signer was reminded less than an hour ago.' })
      .waitFor();
    await screenshot(danaPage, 'remind-now');
  });

  it('three days on, the schedule reminds Rami by e-mail with his link', async () => {
    await moveClock({ advanceMs: 3 * 24 * 60 * 60 * 1000 + 60_000 });
    const deadline = Date.now() + 15_000;
    let reminders: OutboxMessage[] = [];
    while (Date.now() < deadline) {
      reminders = (await readOutbox(baseURL)).filter(
        (message) =>
          message.to === rami.email &&
          message.subject === `Reminder: please sign "${TITLE}" in Pactum`,
      );
      if (reminders.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(reminders).toHaveLength(2);
    expect(reminders[0]?.text).toMatch(/\/document\/sign\/[\w-]+/);
  });

  it('ends without script errors', () => {
    expect(errors).toEqual([]);
  });
});
