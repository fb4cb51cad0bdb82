import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  baseURL,
  clickToSend,
  createCardWorkspace,
  pathname,
  screenshotDir,
  sendToOneReceiver,
  startJourney,
} from '../journey';
import { waitForMailLink } from '../outbox';
import { newPerson, signUp } from '../people';

/*
 * Two people negotiate one deal, each in their own browser: Sarah sends a non-disclosure
 * agreement to Rick; Rick counters a section; Sarah sees the new version arrive without a
 * reload, reads the redline and agrees; Rick reopens the section. Both screens follow live.
 */

/** The seeded global template 'Mutual non-disclosure agreement' (server/src/features/templates/seed.ts). */
const NDA_TEMPLATE_ID = '00000000-0000-4000-8000-0000000000b1';

const sarah = newPerson('sarah', 'sender');
const rick = newPerson('rick', 'receiver');

const { errors, openPage } = startJourney();
let sarahPage: Page;
let rickPage: Page;
let dealId = '';

beforeAll(async () => {
  sarahPage = await openPage();
  rickPage = await openPage();
});

/** A section card of the deal page, by its heading ('1 Purpose'). */
const sectionCard = (page: Page, heading: string): Locator =>
  page.getByRole('region', { name: heading, exact: true });

describe('negotiating a deal in two browsers', () => {
  it('Sarah sends an NDA to Rick from her workspace', async () => {
    await signUp(sarahPage, sarah);
    await signUp(rickPage, rick);
    // The send flow has its own journey; here it runs through the API, as the send page would.
    const workspace = await createCardWorkspace(sarahPage, {
      title: 'Sender Ltd workspace',
      email: sarah.email,
      contactName: 'Sarah Sender',
    });
    const draft = await api<{ id: string }>(
      sarahPage,
      'POST',
      `/templates/${NDA_TEMPLATE_ID}/drafts`,
    );
    await api(sarahPage, 'PATCH', `/drafts/${draft.id}`, {
      title: 'NDA with Receiver Oy',
      parties: {
        sender: { type: 'business', name: 'Sender Ltd' },
        receiver: { type: 'business', name: '' },
      },
    });
    dealId = await sendToOneReceiver(sarahPage, {
      draftId: draft.id,
      workspaceId: workspace.workspaceId,
      receiverEmail: rick.email,
    });
  });

  it('both open the deal: Sarah as the sender, Rick through his invite as the receiver', async () => {
    await sarahPage.goto('/dashboard/documents/negotiate');
    await sarahPage.getByRole('link', { name: 'NDA with Receiver Oy' }).click();
    await sarahPage.waitForURL(`**/dashboard/documents/sent/${dealId}`);
    await sarahPage.getByRole('heading', { level: 1, name: 'Negotiation' }).waitFor();
    await sectionCard(sarahPage, '1 Purpose')
      .getByText(/^Sent · Sender Ltd/)
      .waitFor();

    const invitePath = await waitForMailLink(
      baseURL,
      rick.email,
      /\/document\/invite\/[A-Za-z0-9_-]+/,
    );
    await rickPage.goto(invitePath);
    await rickPage.getByRole('button', { name: 'Join and open' }).click();
    // Before the deal opens the first time, Rick confirms his party's details.
    await rickPage.getByRole('heading', { level: 1, name: 'Confirm your details' }).waitFor();
    await rickPage.getByRole('button', { name: 'Confirm and open' }).click();
    await rickPage.waitForURL(`**/dashboard/documents/received/${dealId}`);
    await rickPage.getByRole('heading', { level: 1, name: 'Negotiation' }).waitFor();
    const purpose = sectionCard(rickPage, '1 Purpose');
    await purpose.getByRole('button', { name: 'Agree' }).waitFor();
    // The sender proposed the text: Sarah is not offered to agree to her own version.
    await sectionCard(sarahPage, '1 Purpose').getByRole('button', { name: 'Edit' }).waitFor();
    expect(
      await sectionCard(sarahPage, '1 Purpose').getByRole('button', { name: 'Agree' }).count(),
    ).toBe(0);
  });

  it('Rick counters a section; Sarah sees the new version live, reads the redline and agrees', async () => {
    const purpose = sectionCard(rickPage, '1 Purpose');
    await purpose.getByRole('button', { name: 'Edit' }).click();
    const editor = purpose.getByRole('textbox', { name: 'Section text' });
    await editor.waitFor();
    // While Rick edits, Sarah sees the section locked.
    await sectionCard(sarahPage, '1 Purpose')
      .getByText(`Locked by ${rick.firstname} ${rick.lastname}`, { exact: false })
      .waitFor();
    await editor.click();
    await rickPage.keyboard.press('Control+a');
    await rickPage.keyboard.type('The parties discuss a joint pilot project (the Purpose).');
    await purpose.getByRole('button', { name: 'Save' }).click();
    await purpose.getByText(/^New version created · Receiver Oy/).waitFor();
    await rickPage.screenshot({ path: `${screenshotDir}deal-receiver-countered.png` });

    // No reload on Sarah's side: the change arrives through the live channel.
    const sarahPurpose = sectionCard(sarahPage, '1 Purpose');
    await sarahPurpose.getByText(/^New version created · Receiver Oy/).waitFor({ timeout: 15_000 });
    await sarahPurpose
      .getByText('The parties discuss a joint pilot project (the Purpose).')
      .waitFor();
    const counts = sarahPage.getByRole('region', { name: 'Negotiation status' });
    await expect
      .poll(() => counts.getByText('Edited by other').locator('xpath=..').textContent())
      .toContain('1');

    await sarahPurpose.getByRole('button', { name: 'Versions' }).click();
    const dialog = sarahPage.getByRole('dialog', { name: 'Versions of "1 Purpose"' });
    await dialog.waitFor();
    await dialog.getByText('Version 2').first().waitFor();
    const changes = dialog.getByRole('region', { name: 'Changes' });
    await changes.locator('ins').first().waitFor();
    const inserted = (await changes.locator('ins').allTextContents()).join(' ');
    const deleted = (await changes.locator('del').allTextContents()).join(' ');
    for (const word of ['joint', 'pilot', 'project']) expect(inserted).toContain(word);
    for (const word of ['intend', 'possible', 'business', 'cooperation'])
      expect(deleted).toContain(word);
    expect(inserted).not.toContain('cooperation');
    await sarahPage.screenshot({ path: `${screenshotDir}deal-sender-redline.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await sarahPurpose.getByRole('button', { name: 'Agree' }).click();
    await sarahPurpose.getByText(/^Agreed · Sender Ltd/).waitFor();
    // Rick's screen follows, with the counts and the progress.
    await sectionCard(rickPage, '1 Purpose')
      .getByText(/^Agreed · Sender Ltd/)
      .waitFor({ timeout: 15_000 });
    const rickCounts = rickPage.getByRole('region', { name: 'Negotiation status' });
    const agreedCount = rickCounts.getByText('Agreed', { exact: true }).locator('xpath=..');
    await expect.poll(() => agreedCount.textContent()).toBe('Agreed1');
    await expect.poll(() => rickCounts.getByText(/% agreed$/).textContent()).not.toBe('0 % agreed');
  });

  it('Rick reopens the agreed section after confirming; Sarah sees it reopened', async () => {
    const purpose = sectionCard(rickPage, '1 Purpose');
    await purpose.getByRole('button', { name: 'Reopen' }).click();
    const confirm = rickPage.getByRole('dialog', { name: 'Reopen section' });
    await confirm
      .getByText("Are you sure you wan't to open this section again for negotiation?")
      .waitFor();
    await confirm.getByRole('button', { name: 'Reopen' }).click();
    await purpose.getByText(/^Reopened · Receiver Oy/).waitFor();
    await sectionCard(sarahPage, '1 Purpose')
      .getByText(/^Reopened · Receiver Oy/)
      .waitFor({ timeout: 15_000 });
    const sarahCounts = sarahPage.getByRole('region', { name: 'Negotiation status' });
    await expect.poll(() => sarahCounts.getByText(/% agreed$/).textContent()).toBe('0 % agreed');
    // The activity feed tells the story to both.
    await sarahPage.getByRole('tab', { name: 'Activity' }).click();
    const activity = sarahPage.getByRole('list', { name: 'Activity' });
    await activity.getByText(/reopened section · Purpose/).waitFor();
    await activity.getByText(/agreed to section · Purpose/).waitFor();
    await activity.getByText(/edited a section · Purpose/).waitFor();
    await sarahPage.screenshot({ path: `${screenshotDir}deal-sender-activity.png` });
    expect(pathname(rickPage)).toBe(`/dashboard/documents/received/${dealId}`);
    expect(errors).toEqual([]);
  });

  it("Sarah's bell counts Rick's actions; the menu names them, marks them seen and opens the deal", async () => {
    const rickName = `${rick.firstname} ${rick.lastname}`;
    const bell = sarahPage.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 2 new');
    await bell.click();
    const menu = sarahPage.getByRole('menu', { name: 'Notifications' });
    await menu.getByText(`${rickName} made a new version of “Purpose”`).waitFor();
    await menu.getByText(`${rickName} reopened “Purpose”`).waitFor();
    await sarahPage.screenshot({ path: `${screenshotDir}notifications-menu.png` });
    // Open for 5 s, they count as seen. The open menu hides the rest of the page from
    // assistive technology, so the bell is read by its attributes meanwhile.
    const bellBehindMenu = sarahPage.locator(
      'button[aria-haspopup="menu"][aria-label^="Notifications"]',
    );
    await expect
      .poll(() => bellBehindMenu.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Notifications');
    await menu.getByRole('button', { name: 'Clear notification' }).first().click();
    await expect.poll(() => menu.getByRole('menuitem').count()).toBe(1);
    await menu.getByText(`${rickName} made a new version of “Purpose”`).click();
    // The document link leads through doc-load to the sender's deal page: wait for it to settle.
    await expect.poll(() => pathname(sarahPage)).toBe(`/dashboard/documents/sent/${dealId}`);
    await sectionCard(sarahPage, '2 Confidential information').waitFor();
    // Rick was told of Sarah's agreement.
    await expect
      .poll(() =>
        rickPage.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label'),
      )
      .toBe('Notifications, 1 new');
  });

  it("Sarah's internal comment on a section stays on her side", async () => {
    // The deal she just opened has finished loading (its lazy parts too), so nothing moves the
    // Post button from under the click.
    await sarahPage.waitForLoadState('networkidle');
    const sarahCard = sectionCard(sarahPage, '2 Confidential information');
    await sarahCard.getByRole('button', { name: /^Internal comments/ }).click();
    const composer = sarahCard.getByRole('textbox', { name: 'Start a new discussion' });
    await composer.fill('Ask legal about trade secrets.');
    await clickToSend(sarahPage, sarahCard.getByRole('button', { name: 'Post' }), {
      method: 'POST',
      path: /\/comments$/,
    });
    // The box empties once the server has the comment; the typed text itself would match the
    // text below at once, and the reload would then cut the post short (seen on PostgreSQL).
    await expect.poll(() => composer.inputValue()).toBe('');
    await sarahCard.getByText('Ask legal about trade secrets.').waitFor();
    // Stored for her side: after a reload it is there again.
    await sarahPage.reload();
    await sarahCard.getByRole('button', { name: /^Internal comments/ }).click();
    await sarahCard.getByText('Ask legal about trade secrets.').waitFor();
    const rickCard = sectionCard(rickPage, '2 Confidential information');
    await rickPage.reload();
    await rickCard.getByRole('button', { name: 'Internal comments', exact: true }).click();
    await rickCard.getByText('No internal comments. Only your own party sees them.').waitFor();
    expect(await rickPage.getByText('Ask legal about trade secrets.').count()).toBe(0);
  });

  it('Sarah renames the deal in its settings and trashes it; Rick sees both live', async () => {
    await sarahPage.getByRole('button', { name: 'Settings' }).click();
    const settings = sarahPage.getByRole('dialog', { name: 'Deal settings' });
    await settings.waitFor();
    expect(new URL(sarahPage.url()).hash).toBe('#settings');
    const title = settings.getByRole('textbox', { name: 'Title' });
    await title.fill('NDA with Receiver Oy 2027');
    await settings.getByText('Document is updating...').waitFor();
    // Saved on its own 2 s after the last change.
    await settings.getByText('Document is up to date.').waitFor({ timeout: 10_000 });
    await settings.getByRole('button', { name: 'Close' }).click();
    await rickPage
      .getByRole('heading', { level: 2, name: 'NDA with Receiver Oy 2027' })
      .waitFor({ timeout: 15_000 });
    // Closed within the 2 s, the change is saved at once, not lost.
    await sarahPage.getByRole('button', { name: 'Settings' }).click();
    await settings
      .getByRole('textbox', { name: 'Abstract' })
      .fill('Covers the 2027 pilot project only.');
    await settings.getByRole('button', { name: 'Close' }).click();
    await rickPage.getByText('Covers the 2027 pilot project only.').waitFor({ timeout: 15_000 });

    // Only the sender may trash: Rick's menu has no such item.
    await rickPage.getByRole('button', { name: 'Document menu' }).click();
    await rickPage.getByRole('menuitem', { name: 'Open PDF' }).waitFor();
    expect(await rickPage.getByRole('menuitem', { name: 'Trash document...' }).count()).toBe(0);
    await rickPage.keyboard.press('Escape');

    await sarahPage.getByRole('button', { name: 'Document menu' }).click();
    await sarahPage.getByRole('menuitem', { name: 'Trash document...' }).click();
    const confirm = sarahPage.getByRole('dialog', { name: 'Trash document' });
    await confirm.getByText('...trash this document?').waitFor();
    await confirm.getByRole('button', { name: 'Trash' }).click();
    await sarahPage.getByText('Document NDA with Receiver Oy 2027 trashed').waitFor();
    await sarahPage.waitForURL('**/dashboard/documents/trash');
    await sarahPage.getByRole('link', { name: 'NDA with Receiver Oy 2027' }).waitFor();
    await rickPage.getByText('This document is trashed.').waitFor({ timeout: 15_000 });
    expect(
      await sectionCard(rickPage, '1 Purpose').getByRole('button', { name: 'Edit' }).count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  });
});
