import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreeEverySection,
  api,
  createCardWorkspace,
  NDA_TEMPLATE_ID,
  notice,
  screenshot,
  sendNdaAndJoin,
  sendToOneReceiver,
  signUpVerified,
  startJourney,
} from '../journey';
import { newPerson, type Person } from '../people';

/*
 * Notifications as toasts (issue 14, spec 1 §4: a push is shown once, then marked pushed). Sam
 * sends Rita an NDA; Rita has Pactum open in her browser. When Sam starts the signing, her tab
 * shows 'Sam Sender started the signing process' at once, with the document and a button that
 * opens it. After a reload the toast does not come back; the bell still lists it.
 */

const TITLE = 'NDA for the toasts';

const sam = newPerson('sam', 'sender');
const rita = newPerson('rita', 'receiver');

const { errors, openPage } = startJourney();
let samPage: Page;
let ritaPage: Page;
let dealId = '';
let workspaceId = '';

beforeAll(async () => {
  samPage = await openPage();
  ritaPage = await openPage();
});

/** Names are kept title-cased: 'sam sender' is 'Sam Sender'. */
const signingStarted = 'Sam Sender started the signing process';

/** The toast of a notification: its line and the document it is about. */
const toastOf = (page: Page, text: string) => notice(page, text).filter({ hasText: TITLE });

describe('notification toasts', () => {
  it('Sam sends Rita an NDA, and she opens it through her invite', async () => {
    await Promise.all([signUpVerified(samPage, sam), signUpVerified(ritaPage, rita)]);
    ({ workspaceId } = await createCardWorkspace(samPage, {
      title: 'Toast Ltd workspace',
      email: sam.email,
      contactName: 'Sam Sender',
    }));
    dealId = await sendNdaAndJoin(samPage, ritaPage, {
      title: TITLE,
      senderName: 'Toast Ltd',
      workspaceId,
      receiverEmail: rita.email,
    });
    // She accepts Sam's text, so he may start signing...
    await agreeEverySection(ritaPage, dealId);
    // ...then moves on to her dashboard and leaves the tab open.
    await ritaPage.goto('/dashboard/home');
    await ritaPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it('when Sam starts the signing, Rita’s open tab shows it once', async () => {
    const signer = (person: Person, party: 'sender' | 'receiver') => ({
      party,
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      phone: '+358401111111',
    });
    await api(samPage, 'POST', `/deals/${dealId}/start-signing`, {
      signers: [signer(sam, 'sender')],
      use2faInSigning: false,
    });
    const toast = toastOf(ritaPage, signingStarted);
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.count()).toBe(1);
    await screenshot(ritaPage, 'push-toast');

    // Its button opens the deal.
    await toast.getByRole('button', { name: 'Open' }).click();
    await ritaPage.waitForURL(new RegExp(`/dashboard/documents/[a-z]+/${dealId}`));
    await toast.waitFor({ state: 'hidden' });
  });

  it('after a reload the toast is not shown again; the bell keeps the notification', async () => {
    const asked = ritaPage.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/v1/notifications/push',
    );
    await ritaPage.reload();
    const answer = await asked;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { items: unknown[] }).items).toEqual([]);
    await ritaPage.getByRole('button', { name: /^Notifications/ }).click();
    await ritaPage.getByRole('menuitem').filter({ hasText: signingStarted }).waitFor();
    expect(await notice(ritaPage, signingStarted).count()).toBe(0);
  });

  it('a second NDA: the bell says Sam sent it, and it leads Rita to join through her invite', async () => {
    // The menu left open above is closed first.
    await ritaPage.keyboard.press('Escape');
    await ritaPage.getByRole('menu').waitFor({ state: 'hidden' });
    const draft = await api<{ id: string }>(
      samPage,
      'POST',
      `/templates/${NDA_TEMPLATE_ID}/drafts`,
    );
    await api(samPage, 'PATCH', `/drafts/${draft.id}`, {
      title: 'Toast NDA, second',
      parties: {
        sender: { type: 'business', name: 'Toast Ltd' },
        receiver: { type: 'business', name: '' },
      },
    });
    const secondId = await sendToOneReceiver(samPage, {
      draftId: draft.id,
      workspaceId,
      receiverEmail: rita.email,
    });
    const sentYou = 'Sam Sender sent you a document';
    await notice(ritaPage, sentYou).filter({ hasText: 'Toast NDA, second' }).waitFor();
    await ritaPage.getByRole('button', { name: /^Notifications/ }).click();
    await ritaPage
      .getByRole('menuitem')
      .filter({ hasText: sentYou })
      .filter({ hasText: 'Toast NDA, second' })
      .click();
    // She cannot open the deal before joining: the deal's address leads to her invite.
    await ritaPage.waitForURL(/\/document\/invite\/[A-Za-z0-9_-]+$/);
    await ritaPage.getByRole('button', { name: 'Join and open' }).click();
    await ritaPage.getByRole('button', { name: 'Confirm and open' }).click();
    await ritaPage.waitForURL(`**/dashboard/documents/received/${secondId}`);
    await screenshot(ritaPage, 'push-joined-second');
    expect(errors).toEqual([]);
  });
});
