import { SIGNING_CONSENT_VERSION } from '@pactum/core/signing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreeEverySection,
  api,
  createCardWorkspace,
  notice,
  screenshot,
  sendNdaAndJoin,
  signUpVerified,
  startJourney,
} from '../journey';
import { onePagePdf } from '../pdf';
import { newPerson, type Person } from '../people';

/*
 * The archive (issue 13). Sarah and Rick sign an NDA (set up through the API, as the signing
 * journey does it in the browser); each finds the signed copy in their Inbox once it is filed.
 * Sarah makes a folder for her 'legal' group in the browser, moves her copy into it, tags it
 * and opens it in the viewer, whose first page is drawn. Wendy, of the same workspace but not
 * of the group, sees the workspace's shared folder and not Sarah's. A PDF uploaded into the
 * shared folder goes up with a progress bar and appears in the folder; a file that is not a PDF
 * is stopped before anything is sent.
 */

const TITLE = 'NDA for the archive';
const FILE_NAME = `${TITLE}.pdf`;
const SIGNING_CONSENT = { isAccepted: true, version: SIGNING_CONSENT_VERSION, lang: 'en' };

const sarah = newPerson('sarah', 'archivist');
const rick = newPerson('rick', 'archivist');
const wendy = newPerson('wendy', 'archivist');

const { errors, openPage } = startJourney();
let sarahPage: Page;
let rickPage: Page;
let wendyPage: Page;
let dealId = '';
/** Sarah's folder for her group. */
let legalPath = '';

beforeAll(async () => {
  sarahPage = await openPage();
  rickPage = await openPage();
  wendyPage = await openPage();
});

/** Registers and proves the address with the link mailed at sign-up (signing needs it). */
async function register(page: Page, person: Person): Promise<string> {
  await signUpVerified(page, person);
  return (await api<{ id: string }>(page, 'GET', '/me')).id;
}

/** The Inbox's row of the signed copy, once the filing is done (the page polls meanwhile). */
async function openInboxCopy(page: Page): Promise<void> {
  await page.goto('/dashboard/account/archive');
  await page.getByRole('heading', { level: 1, name: 'Archive' }).waitFor();
  await page.getByRole('table', { name: 'Archive' }).getByRole('link', { name: 'Inbox' }).click();
  await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
  await page
    .getByRole('table', { name: 'Inbox' })
    .getByRole('link', { name: FILE_NAME })
    .waitFor({ timeout: 60_000 });
}

describe('the archive', () => {
  it('Sarah and Rick sign an NDA; Wendy works in Sarah’s workspace', async () => {
    const [sarahId] = await Promise.all([
      register(sarahPage, sarah),
      register(rickPage, rick),
      register(wendyPage, wendy),
    ]);
    const { workspaceId } = await createCardWorkspace(sarahPage, {
      title: 'Archive Ltd workspace',
      email: sarah.email,
      contactName: 'Sarah Archivist',
    });
    await api(sarahPage, 'POST', `/workspaces/${workspaceId}/invites`, {
      email: wendy.email,
      role: 'edit',
    });
    // The app takes up the invitation when it loads for her.
    await api(wendyPage, 'GET', '/me');
    await api(sarahPage, 'POST', `/workspaces/${workspaceId}/groups`, {
      name: 'legal',
      description: '',
      memberIds: [sarahId],
    });
    // A folder for everyone in the workspace.
    await api(sarahPage, 'POST', '/archive/folders', { name: 'shared', workspaceId });

    dealId = await sendNdaAndJoin(sarahPage, rickPage, {
      title: TITLE,
      senderName: 'Archive Ltd',
      workspaceId,
      receiverEmail: rick.email,
    });

    // In the deal editor Sarah makes a tag of her workspace and puts it on the deal.
    await sarahPage.goto(`/dashboard/documents/sent/${dealId}`);
    await sarahPage.getByRole('button', { name: 'Tags' }).click();
    await sarahPage.getByRole('textbox', { name: 'Select tags...' }).fill('nda');
    const dealTagSaved = sarahPage.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && response.url().endsWith(`/deals/${dealId}/tags`),
    );
    await sarahPage.getByRole('menuitem', { name: 'Create tag “nda”' }).click();
    const ndaTag = sarahPage.getByRole('menuitemcheckbox', { name: 'nda' });
    await expect.poll(() => ndaTag.getAttribute('aria-checked')).toBe('true');
    expect((await dealTagSaved).status()).toBe(200);
    await screenshot(sarahPage, 'archive-deal-tags');
    await sarahPage.keyboard.press('Escape');

    const signer = (person: Person, party: 'sender' | 'receiver', phone: string) => ({
      party,
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      phone,
    });
    // Rick accepts Sarah's text, so she may start signing.
    await agreeEverySection(rickPage, dealId);
    await api(sarahPage, 'POST', `/deals/${dealId}/start-signing`, {
      signers: [signer(sarah, 'sender', '+358401111111')],
      use2faInSigning: false,
    });
    const view = await api<{ signers: { id: string; party: string }[] }>(
      rickPage,
      'PUT',
      `/deals/${dealId}/signers`,
      { signers: [signer(rick, 'receiver', '+358402222222')] },
    );
    for (const [page, party, text] of [
      [sarahPage, 'sender', 'Sarah Archivist'],
      [rickPage, 'receiver', 'Rick Archivist'],
    ] as const) {
      const signerId = view.signers.find((one) => one.party === party)?.id;
      await api(page, 'POST', `/deals/${dealId}/signers/${signerId}/sign`, {
        signature: { text, font: 'kalam', color: 'green' },
        consent: SIGNING_CONSENT,
      });
    }
  });

  it('both parties find the signed copy in their Inbox', async () => {
    // Straight after the last signature the copy is usually still on its way.
    await sarahPage.goto('/dashboard/account/archive/inbox');
    await sarahPage.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await screenshot(sarahPage, 'archive-inbox-filing');
    await openInboxCopy(sarahPage);
    await openInboxCopy(rickPage);
    await screenshot(rickPage, 'archive-inbox');
    // The notification reads well and leads to the copy.
    await rickPage.getByRole('button', { name: /^Notifications/ }).click();
    const line = rickPage
      .getByRole('menuitem')
      .filter({ hasText: 'The signed document was saved in your archive’s Inbox' });
    await line.waitFor();
    await screenshot(rickPage, 'archive-notification');
    await line.click();
    await rickPage.waitForURL(/\/dashboard\/account\/archive\/inbox/);
    await rickPage
      .getByRole('link', { name: FILE_NAME })
      .or(rickPage.getByRole('heading', { level: 1, name: FILE_NAME }))
      .first()
      .waitFor();
  });

  it('Sarah files her copy into a new folder of her group, tags it and opens it', async () => {
    const page = sarahPage;
    await page.goto('/dashboard/account/archive');
    await page.getByRole('button', { name: 'Create new folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new folder' });
    const name = dialog.getByRole('textbox', { name: 'Folder name' });
    await name.fill('Legal Contracts');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog
      .getByText('Invalid folder name. Folder name can contain a-z, numbers or dash.')
      .waitFor();
    await name.fill('legal-contracts');
    // Her only workspace is chosen for her; the folder is for the 'legal' group.
    await expect
      .poll(() => dialog.getByRole('combobox', { name: /Workspace/ }).textContent())
      .toContain('Archive Ltd workspace');
    await dialog.getByRole('combobox', { name: /Groups/ }).click();
    await page.getByRole('option', { name: 'legal' }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'archive-create-folder');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await notice(page, 'Folder created').waitFor();
    await page.getByRole('heading', { level: 1, name: 'legal-contracts' }).waitFor();
    legalPath = new URL(page.url()).pathname;
    await page
      .getByText('This folder is empty. Drag PDF files or whole folders here', { exact: false })
      .waitFor();

    // From the Inbox, the copy moves into the folder through its document info dialog.
    await page
      .getByRole('navigation', { name: 'Archive path' })
      .getByRole('link', { name: 'Archive' })
      .click();
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('button', { name: `Document info: ${FILE_NAME}` }).click();
    const info = page.getByRole('dialog', { name: 'Document info' });
    await info.getByText('Choose a folder.').waitFor();
    await info.getByRole('button', { name: 'legal-contracts' }).click();
    await info.getByText('Chosen folder: Archive / legal-contracts').waitFor();
    await screenshot(page, 'archive-move-file');
    await info.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Document updated').waitFor();
    await page.getByRole('heading', { level: 1, name: 'legal-contracts' }).waitFor();
    await page.getByRole('link', { name: FILE_NAME }).click();

    // The viewer draws the first page.
    await page.getByRole('heading', { level: 1, name: FILE_NAME }).waitFor();
    const firstPage = page.getByRole('img', { name: /^Page 1 of \d+$/ });
    await firstPage.waitFor();
    await expect.poll(() => firstPage.getAttribute('data-drawn'), { timeout: 20_000 }).toBe('true');
    await page.getByRole('button', { name: 'Document alerts: 0' }).waitFor();

    // A new tag, made from the tag menu, goes on the file.
    await page.getByRole('button', { name: 'Tags' }).click();
    await page.getByRole('textbox', { name: 'Select tags...' }).fill('signed-nda');
    await page.getByRole('menuitem', { name: 'Create tag “signed-nda”' }).click();
    const tag = page.getByRole('menuitemcheckbox', { name: 'signed-nda' });
    await expect.poll(() => tag.getAttribute('aria-checked')).toBe('true');
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        /\/archive\/items\/[^/]+\/tags$/.test(response.url()),
    );
    expect((await saved).status()).toBe(200);
    await page.keyboard.press('Escape');
    await screenshot(page, 'archive-viewer');

    // The folder lists the file with its tag.
    await page
      .getByRole('navigation', { name: 'Archive path' })
      .getByRole('link', { name: 'legal-contracts' })
      .click();
    const row = page.getByRole('row').filter({ hasText: FILE_NAME });
    await row.getByText('signed-nda').waitFor();

    // The signed deal's row links to the archived copy.
    await page.goto('/dashboard/documents/signed');
    await page.getByRole('link', { name: `Archived copy of ${TITLE}` }).click();
    await page.waitForURL(/\/dashboard\/account\/archive\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: FILE_NAME }).waitFor();
  });

  it('Wendy, of the workspace but not of the group, sees the shared folder only', async () => {
    const page = wendyPage;
    await page.goto('/dashboard/account/archive');
    const table = page.getByRole('table', { name: 'Archive' });
    await table.getByRole('link', { name: 'shared' }).waitFor();
    expect(await table.getByRole('link', { name: 'legal-contracts' }).count()).toBe(0);
    await screenshot(page, 'archive-root-wendy');
    // Nor does its address open it.
    await page.goto(legalPath);
    await page
      .getByText('This folder or file is not in your archive, or it has been deleted.')
      .waitFor();
  });

  it('Sarah opens her folder to the whole workspace, and Wendy then sees it', async () => {
    const page = sarahPage;
    await page.goto(legalPath);
    await page.getByRole('button', { name: 'Folder menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit folder' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Nothing to update...').waitFor();
    await page.getByRole('button', { name: 'Folder menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit folder' }).click();
    await dialog.getByRole('combobox', { name: /Groups/ }).click();
    await page.getByRole('option', { name: 'legal' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByText('No groups chosen: everyone in the workspace.').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The change reaches the folder and the file in it: it asks first, with the count.
    const confirm = page.getByRole('dialog', { name: 'Change the groups?' });
    await confirm
      .getByText('Who can open this folder changes for it and the 1 item in it.', { exact: false })
      .waitFor();
    await screenshot(page, 'archive-groups-confirm');
    await confirm.getByRole('button', { name: 'Change groups' }).click();
    await notice(page, 'Folder updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await expect
      .poll(
        async () => {
          await wendyPage.goto(legalPath);
          await wendyPage
            .getByRole('heading', { level: 1 })
            .or(wendyPage.getByText('This folder or file is not in your archive', { exact: false }))
            .first()
            .waitFor();
          return wendyPage.getByRole('link', { name: FILE_NAME }).count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
  });

  it('a PDF uploaded into a folder goes up with a progress bar and appears', async () => {
    const page = sarahPage;
    await page.goto('/dashboard/account/archive');
    await page
      .getByRole('table', { name: 'Archive' })
      .getByRole('link', { name: 'shared' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'shared' }).waitFor();
    await page.getByLabel('Upload files').setInputFiles([
      {
        name: 'price-list.pdf',
        mimeType: 'application/pdf',
        // Three chunks: the bar moves while it goes up.
        buffer: onePagePdf('Price list', 2_500_000),
      },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') },
    ]);
    await page.getByRole('progressbar', { name: 'Uploading price-list.pdf' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The file "notes.txt" is not a PDF. Only PDF files can be archived.' })
      .waitFor();
    await screenshot(page, 'archive-upload');
    await page
      .getByRole('table', { name: 'shared' })
      .getByRole('link', { name: 'price-list.pdf' })
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await screenshot(page, 'archive-folder');
  });

  it('Sarah deletes the file from its viewer, then the folder, each after asking', async () => {
    const page = sarahPage;
    await page.getByRole('link', { name: 'price-list.pdf' }).click();
    await page.getByRole('img', { name: 'Page 1 of 1' }).waitFor();
    await page.getByRole('button', { name: 'Delete file' }).click();
    const confirmFile = page.getByRole('dialog', { name: 'Delete file' });
    await confirmFile
      .getByText('Are you sure you would like to delete file price-list.pdf?')
      .waitFor();
    await confirmFile.getByRole('button', { name: 'Delete' }).click();
    await notice(page, 'File deleted').waitFor();
    await page.getByRole('heading', { level: 1, name: 'shared' }).waitFor();
    await page.getByText('This folder is empty.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Folder menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit folder' }).click();
    await page
      .getByRole('dialog', { name: 'Edit folder' })
      .getByRole('button', { name: 'Delete folder' })
      .click();
    const confirmFolder = page.getByRole('dialog', { name: 'Delete folder' });
    await confirmFolder.getByText('Are you sure you would like to delete folder shared?').waitFor();
    await confirmFolder.getByRole('button', { name: 'Delete' }).click();
    await notice(page, 'Folder deleted').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Archive' }).waitFor();
    const table = page.getByRole('table', { name: 'Archive' });
    await table.getByRole('link', { name: 'legal-contracts' }).waitFor();
    expect(await table.getByRole('link', { name: 'shared' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
