import { earliestAlertDate } from '@pactum/core/schedule';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  baseURL,
  createCardWorkspace,
  createNdaDraft,
  notice,
  screenshot,
  sendToOneReceiver,
  signUpVerified,
  startJourney,
} from '../journey';
import { readOutbox } from '../outbox';
import { onePagePdf } from '../pdf';
import { newPerson, signUp } from '../people';

/*
 * Dialogs and the toasts of the other party's actions (issue 37). Sarah sends Rami an NDA; while
 * her Signers dialog and then her Start signing dialog are open, Rami agrees to section after
 * section in his browser, and each agreement arrives in Sarah's tab as a toast. Her dialog's
 * button still takes her click at once, and a screen reader hears the toasts although the page
 * behind the dialog is hidden from it. Then, in the archive, Document info closes after every
 * Save, while Rami's agreements on a second NDA keep arriving.
 */

const TITLE = 'NDA under the toasts';
const SECOND_TITLE = 'NDA while filing';
const FILE_NAME = 'toast-test.pdf';
const SIZED_NAME = 'size-test.pdf';

const sarah = newPerson('sarah', 'sender');
const rami = newPerson('rami', 'receiver');

const { errors, openPage } = startJourney();
let sarahPage: Page;
let ramiPage: Page;
let workspaceId = '';
let dealId = '';
let secondDealId = '';

beforeAll(async () => {
  sarahPage = await openPage();
  ramiPage = await openPage();
  // A laptop's window: four toasts reach up to a centred dialog's buttons.
  await sarahPage.setViewportSize({ width: 1280, height: 720 });
});

/** The toasts of Rami's agreements, as a screen reader finds them (hidden ones left out). */
const agreementToasts = (page: Page) => notice(page, /Rami Receiver agreed to/);

/** Every toast in the page, hidden from screen readers or not. */
const anyToasts = (page: Page) =>
  page
    .getByRole('status', { includeHidden: true })
    .or(page.getByRole('alert', { includeHidden: true }))
    .filter({ hasText: /Rami Receiver agreed to/ });

/** Rami agrees, on his deal page, to `count` of the sections he is offered, one at a time. */
async function ramiAgrees(id: string, count: number): Promise<void> {
  await ramiPage.goto(`/dashboard/documents/deals/${id}`);
  const agree = ramiPage.getByRole('button', { name: 'Agree', exact: true });
  await agree.first().waitFor();
  for (let done = 0; done < count; done += 1) {
    const left = await agree.count();
    if (left === 0) return;
    await agree.first().click();
    await expect.poll(() => agree.count()).toBe(left - 1);
  }
}

/**
 * Clicks the dialog's button as a person would, at once: a click that something else (a toast
 * over the button) would take fails within a second instead of being retried until it is gone.
 */
async function clickAtOnce(button: Locator): Promise<void> {
  await button.click({ timeout: 1_000 });
}

/** Sarah sends Rami an NDA; he joins it through the `nth` invite he was mailed. Its deal id. */
async function sendAndJoin(title: string, nth: number): Promise<string> {
  const draftId = await createNdaDraft(sarahPage, { title, senderName: 'Toast Ltd' });
  const id = await sendToOneReceiver(sarahPage, {
    draftId,
    workspaceId,
    receiverEmail: rami.email,
  });
  const invite = /\/document\/invite\/[A-Za-z0-9_-]+/;
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        links = (await readOutbox(baseURL)).flatMap((message) =>
          message.kind === 'email' && message.to === rami.email
            ? (message.text.match(invite) ?? [])
            : [],
        );
        return links.length;
      },
      { timeout: 15_000 },
    )
    .toBe(nth);
  await ramiPage.goto(links[0] ?? '');
  await ramiPage.getByRole('button', { name: 'Join and open' }).click();
  await ramiPage.getByRole('button', { name: 'Confirm and open' }).click();
  await ramiPage.waitForURL(`**/dashboard/documents/received/${id}`);
  return id;
}

describe('dialogs and toasts', () => {
  it('Sarah sends Rami two NDAs, and he joins both', async () => {
    await Promise.all([signUpVerified(sarahPage, sarah), signUpVerified(ramiPage, rami)]);
    ({ workspaceId } = await createCardWorkspace(sarahPage, {
      title: 'Toast Ltd workspace',
      email: sarah.email,
      contactName: 'Sarah Sender',
      credits: 10,
    }));
    dealId = await sendAndJoin(TITLE, 1);
    secondDealId = await sendAndJoin(SECOND_TITLE, 2);
  });

  it('the Signers dialog’s Save takes the click at once while Rami’s agreements arrive, and they are announced', async () => {
    await sarahPage.goto(`/dashboard/documents/deals/${dealId}/sign`);
    await sarahPage.getByRole('heading', { level: 1, name: 'Review and sign' }).waitFor();
    await sarahPage.getByRole('button', { name: 'Set up signers' }).click();
    const dialog = sarahPage.getByRole('dialog', { name: 'Signers' });
    await dialog.getByRole('combobox', { name: 'Number of signers' }).click();
    await sarahPage.getByRole('option', { name: '1', exact: true }).click();
    const row = dialog.getByRole('group', { name: 'Signer 1' });
    await row.getByRole('textbox', { name: 'First name' }).fill(sarah.firstname);
    await row.getByRole('textbox', { name: 'Last name' }).fill(sarah.lastname);
    await row.getByRole('textbox', { name: 'E-mail' }).fill(sarah.email);
    await row.getByRole('textbox', { name: 'Phone' }).fill('+358401111111');

    // Rami agrees to five sections while the dialog is open: a toast for each (four at most).
    await ramiAgrees(dealId, 5);
    await expect.poll(() => anyToasts(sarahPage).count(), { timeout: 15_000 }).toBe(4);
    await screenshot(sarahPage, 'dialog-toasts-signers');
    // A screen reader hears them: they are not inside the part the dialog hides.
    expect(await agreementToasts(sarahPage).count()).toBe(4);

    await clickAtOnce(dialog.getByRole('button', { name: 'Save signers' }));
    await dialog.waitFor({ state: 'hidden' });
    // The toasts waited under the dialog and are still there.
    expect(await agreementToasts(sarahPage).count()).toBe(4);
  });

  it('the Start signing dialog’s button takes the click at once too', async () => {
    await ramiAgrees(dealId, 100);
    const start = sarahPage.getByRole('button', { name: 'Start signing' });
    await start.waitFor();
    await start.click();
    const dialog = sarahPage.getByRole('dialog', { name: 'Start signing' });
    await dialog.getByText(sarah.email, { exact: false }).waitFor();
    // More news from Rami while it is open: he agrees on the second NDA.
    await ramiAgrees(secondDealId, 4);
    await expect.poll(() => anyToasts(sarahPage).count(), { timeout: 15_000 }).toBe(4);
    await screenshot(sarahPage, 'dialog-toasts-start');
    expect(await agreementToasts(sarahPage).count()).toBeGreaterThan(0);
    await clickAtOnce(dialog.getByRole('button', { name: 'Start signing' }));
    await dialog.waitFor({ state: 'hidden' });
    await sarahPage.getByText('Waiting for signatures: 0 of 1 signed.').waitFor();
  });

  it('Document info closes after every Save, in the folder and in the viewer, while Rami’s agreements keep arriving', async () => {
    // Two folders of Sarah's workspace, and a small PDF uploaded into the first.
    await api(sarahPage, 'POST', '/archive/folders', { name: 'contracts-a', workspaceId });
    await api(sarahPage, 'POST', '/archive/folders', { name: 'contracts-b', workspaceId });
    const page = sarahPage;
    await page.goto('/dashboard/account/archive');
    await page
      .getByRole('table', { name: 'Archive' })
      .getByRole('link', { name: 'contracts-a' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'contracts-a' }).waitFor();
    await page
      .getByLabel('Upload files')
      .setInputFiles([
        { name: FILE_NAME, mimeType: 'application/pdf', buffer: onePagePdf('Toasts', 700) },
      ]);
    await page
      .getByRole('table', { name: 'contracts-a' })
      .getByRole('link', { name: FILE_NAME })
      .waitFor({ timeout: 30_000 });

    // Rami keeps agreeing on the second NDA meanwhile: Sarah's tab hears of each at once.
    const agreeing = ramiAgrees(secondDealId, 100);
    const info = page.getByRole('dialog', { name: 'Document info' });
    /** Moves the file from `from` into the other folder in the open dialog, and saves. */
    const moveInDialog = async (from: string): Promise<string> => {
      const to = from === 'contracts-a' ? 'contracts-b' : 'contracts-a';
      await info.getByText(`Chosen folder: Archive / ${from}`).waitFor();
      await info.getByRole('button', { name: 'Up to Archive' }).click();
      await info.getByRole('button', { name: to }).click();
      await info.getByText(`Chosen folder: Archive / ${to}`).waitFor();
      // Its subfolders are listed (none): the dialog has its size, and Save stays in place.
      await info.getByText('No subfolders here.').waitFor();
      const [saved] = await Promise.all([
        page.waitForResponse(
          (response) =>
            response.request().method() === 'PATCH' &&
            /\/archive\/items\//.test(new URL(response.url()).pathname),
        ),
        info.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect(saved.status()).toBe(200);
      // Closed, every time, and the file is told to be saved (each round's toast is closed).
      await info.waitFor({ state: 'hidden', timeout: 5_000 });
      const done = notice(page, 'Document updated');
      await done.waitFor({ timeout: 10_000 });
      await done.getByRole('button', { name: 'Close' }).click();
      await done.waitFor({ state: 'hidden' });
      return to;
    };

    /**
     * Closes the toasts on screen first: Rami's agreements keep bringing new ones, and a stack
     * of them may lie over the button a person is about to press (as they would close them).
     */
    const closeToasts = async () => {
      const closers = page
        .getByRole('status')
        .or(page.getByRole('alert'))
        .getByRole('button', { name: 'Close' });
      for (let tries = 0; tries < 20 && (await closers.count()) > 0; tries += 1) {
        await closers
          .first()
          .click({ timeout: 2_000 })
          .catch(() => undefined);
      }
    };

    // From the folder's list: the list of the folder it went to opens.
    let folder = 'contracts-a';
    for (let round = 1; round <= 3; round += 1) {
      await closeToasts();
      await page.getByRole('button', { name: `Document info: ${FILE_NAME}` }).click();
      folder = await moveInDialog(folder);
      await page.getByRole('heading', { level: 1, name: folder }).waitFor();
      await page
        .getByRole('table', { name: folder })
        .getByRole('link', { name: FILE_NAME })
        .waitFor();
    }
    // From the viewer: the viewer follows the file into its new folder.
    await page.getByRole('link', { name: FILE_NAME }).click();
    await page.getByRole('heading', { level: 1, name: FILE_NAME }).waitFor();
    for (let round = 1; round <= 6; round += 1) {
      await closeToasts();
      await page.getByRole('button', { name: 'Document info' }).click();
      folder = await moveInDialog(folder);
      await page
        .getByRole('navigation', { name: 'Archive path' })
        .getByRole('link', { name: folder })
        .waitFor();
      expect(new URL(page.url()).search).not.toContain('editFile');
      expect(await info.count()).toBe(0);
    }
    await agreeing;
    await screenshot(page, 'dialog-document-info-closed');
    expect(errors).toEqual([]);
  });

  it('a file of about a kilobyte is written in kB, not as 0.00 Mb', async () => {
    const page = sarahPage;
    await api(page, 'POST', '/archive/folders', { name: 'sizes', workspaceId });
    await page.goto('/dashboard/account/archive');
    await page.getByRole('table', { name: 'Archive' }).getByRole('link', { name: 'sizes' }).click();
    await page.getByRole('heading', { level: 1, name: 'sizes' }).waitFor();
    await page
      .getByLabel('Upload files')
      .setInputFiles([
        { name: SIZED_NAME, mimeType: 'application/pdf', buffer: onePagePdf('Sizes', 700) },
      ]);
    const row = page.getByRole('table', { name: 'sizes' }).getByRole('row', { name: SIZED_NAME });
    await row.waitFor({ timeout: 30_000 });
    // 1,282 bytes.
    await row.getByRole('cell', { name: '1.3 kB' }).waitFor();
  });

  it('at the archive’s root the Inbox’s count stands in the Size column, not under Tags', async () => {
    const page = sarahPage;
    await page.goto('/dashboard/account/archive');
    const inbox = page
      .getByRole('table', { name: 'Archive' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Inbox' }) });
    await expect
      .poll(() => inbox.getByRole('cell').allInnerTexts())
      .toEqual(['Inbox', '', '', '0 files', '']);
    await screenshot(page, 'rough-archive-root');
  });

  it('an alert’s date is typed and shown as YYYY-MM-DD, a Finnish date too', async () => {
    const page = sarahPage;
    await page.goto('/dashboard/account/archive');
    await page.getByRole('table', { name: 'Archive' }).getByRole('link', { name: 'sizes' }).click();
    await page.getByRole('link', { name: SIZED_NAME }).click();
    await page.getByRole('button', { name: 'Document alerts: 0' }).click();
    const drawer = page.getByRole('dialog', { name: 'Document alerts' });
    await drawer.getByRole('button', { name: 'Add alert' }).click();
    const date = drawer.getByRole('textbox', { name: 'Date' });
    expect(await date.getAttribute('placeholder')).toBe('YYYY-MM-DD');
    await date.fill('28.11.2030');
    await drawer.getByRole('textbox', { name: 'Subject' }).click();
    expect(await date.inputValue()).toBe('2030-11-28');
    await screenshot(page, 'rough-alert-date');
    await drawer.getByRole('button', { name: 'Close document alerts' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('the dashboard’s Workspaces card is as tall as its list, not as the feed beside it', async () => {
    const page = sarahPage;
    await page.goto('/dashboard/home');
    const workspaces = page.getByRole('region', { name: 'Workspaces' });
    const feed = page.getByRole('region', { name: 'Latest changes by others' });
    await workspaces.getByRole('link', { name: 'Toast Ltd workspace' }).waitFor();
    await feed.getByRole('link').first().waitFor();
    const [cardBox, feedBox] = await Promise.all([workspaces.boundingBox(), feed.boundingBox()]);
    expect(cardBox && feedBox && cardBox.height < feedBox.height / 2).toBe(true);
    await screenshot(page, 'rough-dashboard', true);
    // The bell's times keep together ('· 20 s ago').
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('menuitem').first().waitFor();
    await screenshot(page, 'rough-notifications');
    await page.keyboard.press('Escape');
  });

  it('a workspace User is told why they cannot make a root folder', async () => {
    await api(sarahPage, 'POST', `/workspaces/${workspaceId}/invites`, {
      email: rami.email,
      role: 'view',
    });
    // The app takes up the invitation when it loads for him.
    await api(ramiPage, 'GET', '/me');
    await ramiPage.goto('/dashboard/account/archive');
    const create = ramiPage.getByRole('button', { name: 'Create new folder' });
    await ramiPage
      .getByRole('table', { name: 'Archive' })
      .getByRole('link', { name: 'contracts-a' })
      .waitFor();
    expect(await create.isDisabled()).toBe(true);
    const reason = 'Only workspace administrators can create folders at the root of the archive.';
    const describedBy = await create.getAttribute('aria-describedby');
    expect(await ramiPage.locator(`[id="${describedBy}"]`).innerText()).toBe(reason);
    await create.hover({ force: true });
    await ramiPage.getByRole('tooltip', { name: reason }).waitFor();
    await screenshot(ramiPage, 'rough-user-create-folder');
  });

  it('an alert for someone else waits for a verified address, without a refused request', async () => {
    const una = newPerson('una', 'unverified');
    const unaPage = await openPage();
    await signUp(unaPage, una);
    const own = await createCardWorkspace(unaPage, {
      title: 'Una Ltd workspace',
      email: una.email,
      contactName: 'Una Unverified',
    });
    await api(unaPage, 'POST', '/archive/folders', {
      name: 'leases',
      workspaceId: own.workspaceId,
    });
    const refusals: string[] = [];
    unaPage.on('console', (message) => {
      if (message.type() === 'error') refusals.push(message.text());
    });
    await unaPage.goto('/dashboard/account/archive');
    await unaPage
      .getByRole('table', { name: 'Archive' })
      .getByRole('link', { name: 'leases' })
      .click();
    await unaPage.getByRole('heading', { level: 1, name: 'leases' }).waitFor();
    await unaPage
      .getByLabel('Upload files')
      .setInputFiles([
        { name: FILE_NAME, mimeType: 'application/pdf', buffer: onePagePdf('Lease', 700) },
      ]);
    // She sets an alert on it for someone else: her own address is to be verified first.
    await unaPage.getByRole('link', { name: FILE_NAME }).click({ timeout: 30_000 });
    await unaPage.getByRole('button', { name: 'Document alerts: 0' }).click();
    const drawer = unaPage.getByRole('dialog', { name: 'Document alerts' });
    await drawer.getByRole('button', { name: 'Add alert' }).click();
    const form = drawer.getByRole('form', { name: 'New alert' });
    const timezone = await unaPage.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await form.getByLabel('Date').fill(earliestAlertDate(new Date(), timezone));
    await form.getByRole('textbox', { name: 'Subject' }).fill('Renew');
    const emails = form.getByRole('combobox', { name: 'E-mail addresses' });
    await emails.fill(sarah.email);
    await emails.press('Space');
    let isSent = false;
    unaPage.on('request', (request) => {
      if (request.method() === 'POST' && /\/alerts$/.test(new URL(request.url()).pathname)) {
        isSent = true;
      }
    });
    await form.getByRole('button', { name: 'Add alert' }).click();
    await form
      .getByText('Please verify your email address before setting alerts that e-mail other people.')
      .waitFor();
    expect(isSent).toBe(false);
    expect(refusals).toEqual([]);
    expect(errors).toEqual([]);
  });
});
