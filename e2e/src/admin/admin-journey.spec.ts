import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  createCardWorkspace,
  createNdaDraft,
  notice,
  pathname,
  screenshot,
  sendToOneReceiver,
  signUpVerified,
  startJourney,
} from '../journey';
import { newPerson, signIn } from '../people';
import { authenticatorCode, enterSignInCode } from '../two-factor';

/*
 * Support recovers a customer's trashed deal. Carol sends an NDA and trashes it by mistake. Sam,
 * a product admin (Pactum's own staff), finds her by e-mail among the users, ends her sessions
 * (her next page is the sign-in), finds the trashed deal among the documents, checks its audit
 * chain and restores it with a reason. The event log shows both actions with their reasons;
 * Carol signs in again and finds the deal back in her list, not in the trash. The admin area
 * itself stays closed to her.
 */

const productAdmin = inject('productAdmin');
const carol = newPerson('carol', 'customer');
const carolName = 'Carol Customer';
const TITLE = `Support case NDA ${Date.now().toString(36)}`;
const SESSIONS_REASON = 'Customer reported a lost laptop (ticket 4711)';
const RESTORE_REASON = 'Trashed by mistake, customer asked to recover it (ticket 4712)';

const { errors, openPage } = startJourney();
let carolPage: Page;
let samPage: Page;
let dealId = '';
/** Carol's deal's list before it was trashed: where it comes back to. */
let listPath = '';

beforeAll(async () => {
  carolPage = await openPage();
  samPage = await openPage();
});

const adminTabs = (page: Page): Locator => page.getByRole('navigation', { name: 'Admin sections' });
const mainMenu = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' });

/** Types in a list's search field and waits for the list's answer to that search. */
async function searchList(page: Page, label: string, path: string, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === path &&
      new URL(response.url()).searchParams.get('q') === text,
  );
  await page.getByRole('searchbox', { name: label }).fill(text);
  expect((await answered).status()).toBe(200);
}

/** Fills the open reason dialog and confirms it with its button. */
async function giveReason(dialog: Locator, reason: string, confirm: string): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.skipIf(!productAdmin)('the admin area', () => {
  it('Carol sends an NDA and trashes it by mistake', async () => {
    await signUpVerified(carolPage, carol);
    const { workspaceId } = await createCardWorkspace(carolPage, {
      title: 'Carol Ltd workspace',
      email: carol.email,
      contactName: carolName,
    });
    // An invoice order too, which waits for Pactum's review.
    await api(carolPage, 'POST', '/workspaces', {
      type: 'invoice',
      title: 'Carol Ltd invoices',
      currency: 'EUR',
      billingEmail: carol.email,
      contact: { name: carolName, email: carol.email, phone: carol.phone },
      company: { name: 'Carol Ltd', vat: '', department: '', costcenter: '', www: '' },
      address: {
        street1: 'Katu 1',
        street2: '',
        zip: '00100',
        city: 'Helsinki',
        state: '',
        country: 'se',
      },
      confirm: true,
      credits: 50,
      licences: 1,
    });
    const draftId = await createNdaDraft(carolPage, { title: TITLE, senderName: 'Carol Ltd' });
    dealId = await sendToOneReceiver(carolPage, {
      draftId,
      workspaceId,
      receiverEmail: newPerson('rita', 'receiver').email,
    });

    // The deal's page says which list it belongs to ('Back to home').
    await carolPage.goto(`/dashboard/documents/deals/${dealId}`);
    await carolPage.waitForURL(`**/dashboard/documents/sent/${dealId}`);
    const { home } = await api<{ home: string }>(carolPage, 'GET', `/deals/${dealId}`);
    listPath = `/dashboard/documents/${home}`;
    await carolPage.getByRole('button', { name: 'Document menu' }).click();
    await carolPage.getByRole('menuitem', { name: 'Trash document...' }).click();
    const confirm = carolPage.getByRole('dialog', { name: 'Trash document' });
    await confirm.getByRole('button', { name: 'Trash' }).click();
    await notice(carolPage, `Document ${TITLE} trashed`).waitFor();
    await carolPage.waitForURL('**/dashboard/documents/trash');
    await carolPage.getByRole('link', { name: TITLE }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('Sam finds Carol by e-mail among the users and opens her page', async () => {
    if (!productAdmin) return;
    await samPage.goto('/login');
    await signIn(samPage, productAdmin);
    await enterSignInCode(samPage, authenticatorCode(productAdmin.totpSecret));
    await samPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await mainMenu(samPage).getByRole('link', { name: 'Admin' }).click();
    // /admin opens the billing list, with the area's sections on every page.
    await samPage.getByRole('heading', { level: 1, name: 'Billing accounts' }).waitFor();
    expect(pathname(samPage)).toBe('/dashboard/admin/billing');
    await samPage.getByRole('table', { name: 'Billing accounts' }).waitFor();

    await adminTabs(samPage).getByRole('tab', { name: 'Users' }).click();
    await samPage.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await searchList(samPage, 'Search users', '/api/v1/admin/users', carol.email);
    // The search is kept in the address: a reload shows the same list.
    await expect.poll(() => new URL(samPage.url()).searchParams.get('q')).toBe(carol.email);
    const users = samPage.getByRole('table', { name: 'Users' });
    const row = users.getByRole('row').filter({ hasText: carol.email });
    await row.waitFor();
    await expect.poll(() => users.getByRole('row').count()).toBe(2);
    await row.getByText('Verified', { exact: true }).waitFor();
    await row.getByText('Password', { exact: true }).waitFor();
    await row.getByText('Carol Ltd workspace').waitFor();
    await screenshot(samPage, 'admin-users');

    await row.getByRole('link', { name: carolName }).click();
    await samPage.getByRole('heading', { level: 1, name: carolName }).waitFor();
    expect(pathname(samPage)).toMatch(/^\/dashboard\/admin\/users\/[0-9a-f-]{36}$/);
    const memberships = samPage.getByRole('table', { name: 'Workspaces' });
    const membership = memberships.getByRole('row').filter({ hasText: 'Carol Ltd workspace' });
    await membership.getByRole('link', { name: 'Carol Ltd workspace' }).waitFor();
    await membership.getByText('Administrator').waitFor();
    await memberships
      .getByRole('row')
      .filter({ hasText: 'Carol Ltd invoices' })
      .getByText('Waiting for review')
      .waitFor();
    // Her own browser's session, at least.
    const sessions = samPage.getByRole('table', { name: 'Active sessions' });
    await sessions
      .getByRole('button', { name: /^End the session started/ })
      .first()
      .waitFor();
    expect(await samPage.getByRole('button', { name: 'Resend verification' }).count()).toBe(0);
    expect(
      await samPage
        .getByRole('navigation', { name: 'Breadcrumbs' })
        .getByRole('link', { name: 'Users' })
        .count(),
    ).toBe(1);
    await screenshot(samPage, 'admin-user', true);
    expect(errors).toEqual([]);
  });

  it("Sam ends Carol's sessions with a reason; her next page is the sign-in", async () => {
    await samPage.getByRole('button', { name: 'End all sessions' }).click();
    const dialog = samPage.getByRole('dialog', { name: `End all sessions of ${carolName}?` });
    // A reason is required: two characters are not one, and nothing is sent.
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await reason.fill('no');
    await dialog.getByRole('button', { name: 'End all sessions', exact: true }).click();
    await dialog.getByText('At least 3 characters').waitFor();
    await giveReason(dialog, SESSIONS_REASON, 'End all sessions');
    await notice(samPage, /^\d+ sessions? ended$/).waitFor();
    await samPage.getByText('No active sessions.').waitFor();

    await carolPage.goto(listPath);
    await carolPage.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(pathname(carolPage)).toBe('/login');
    expect(errors).toEqual([]);
  });

  it('Sam finds the trashed deal, checks its audit chain and restores it with a reason', async () => {
    await adminTabs(samPage).getByRole('tab', { name: 'Documents' }).click();
    await samPage.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    const answered = samPage.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v1/admin/documents' &&
        new URL(response.url()).searchParams.get('state') === 'trash',
    );
    await samPage.getByRole('combobox', { name: 'State' }).click();
    await samPage.getByRole('option', { name: 'Trash' }).click();
    expect((await answered).status()).toBe(200);
    await searchList(samPage, 'Search documents', '/api/v1/admin/documents', TITLE);
    expect(new URL(samPage.url()).searchParams.get('state')).toBe('trash');
    const documents = samPage.getByRole('table', { name: 'Documents' });
    const row = documents.getByRole('row').filter({ hasText: TITLE });
    await row.getByText('Deal · Trash').waitFor();
    await row.getByText('Carol Ltd → Receiver Oy').waitFor();
    await row.getByText(carol.email).waitFor();
    await screenshot(samPage, 'admin-documents');

    await row.getByRole('link', { name: TITLE }).click();
    await samPage.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(pathname(samPage)).toBe(`/dashboard/admin/documents/deal/${dealId}`);
    const trashed = samPage.getByRole('alert').filter({ hasText: 'This deal is in the trash.' });
    await trashed.waitFor();
    const restoredState = (await trashed.textContent())?.match(/returns it to: (.+)\.Restore/)?.[1];
    expect(restoredState).toBeTruthy();
    const access = samPage.getByRole('table', { name: 'Access' });
    await access.getByRole('link', { name: carolName }).waitFor();

    // The audit chain: checked by a job, the page waits for its result.
    const chain = samPage.getByRole('region', { name: 'Audit chain' });
    await chain.getByText('Not checked yet').waitFor();
    await chain.getByRole('button', { name: 'Check audit chain' }).click();
    await chain.getByText(/^Intact: \d+ events? checked/).waitFor({ timeout: 30_000 });

    await trashed.getByRole('button', { name: 'Restore document' }).click();
    const dialog = samPage.getByRole('dialog', { name: `Restore “${TITLE}”?` });
    await dialog.getByText(`before it was trashed: ${restoredState}.`).waitFor();
    await giveReason(dialog, RESTORE_REASON, 'Restore document');
    await notice(samPage, `Document restored: ${restoredState}`).waitFor();
    await samPage.getByText(`Deal · ${restoredState}`, { exact: true }).waitFor();
    expect(await samPage.getByText('This deal is in the trash.').count()).toBe(0);
    await screenshot(samPage, 'admin-document', true);
    expect(errors).toEqual([]);
  });

  it('the event log shows both actions with their reasons', async () => {
    await samPage.getByRole('link', { name: 'Events of this document' }).click();
    await samPage.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    expect(new URL(samPage.url()).searchParams.get('documentId')).toBe(dealId);
    const log = samPage.getByRole('table', { name: 'Events' });
    const restored = log.getByRole('row').filter({ hasText: 'deal.restored' });
    await restored.getByText(RESTORE_REASON).waitFor();
    const samName = `${productAdmin?.firstname} ${productAdmin?.lastname}`;
    await restored.getByRole('link', { name: samName }).waitFor();
    await restored.getByRole('link', { name: `Deal: ${TITLE}` }).waitFor();

    // The whole log, admin actions only: both lines, newest first.
    await adminTabs(samPage).getByRole('tab', { name: 'Events' }).click();
    await expect.poll(() => new URL(samPage.url()).search).toBe('');
    await samPage.getByRole('combobox', { name: 'Source' }).click();
    await samPage.getByRole('option', { name: 'Admin' }).click();
    await expect.poll(() => new URL(samPage.url()).searchParams.get('kind')).toBe('admin');
    const ended = log.getByRole('row').filter({ hasText: 'user.sessions-ended' });
    await ended.getByText(SESSIONS_REASON).waitFor();
    const target = ended.getByRole('link', { name: /^User: / });
    expect(await target.getAttribute('href')).toMatch(/^\/dashboard\/admin\/users\/[0-9a-f-]{36}$/);
    await log
      .getByRole('row')
      .filter({ hasText: 'deal.restored' })
      .getByText(RESTORE_REASON)
      .waitFor();
    // Read as one list once both lines stand in it: the table may still be redrawing the filtered page.
    await expect
      .poll(async () => {
        const types = await log.getByRole('row').locator('code').allInnerTexts();
        const restoredAt = types.indexOf('deal.restored');
        const endedAt = types.indexOf('user.sessions-ended');
        return restoredAt >= 0 && endedAt >= 0 ? restoredAt < endedAt : 'both not shown yet';
      })
      .toBe(true);
    await screenshot(samPage, 'admin-events', true);

    // On a phone the log scrolls sideways inside its frame; the page itself does not.
    await samPage.setViewportSize({ width: 390, height: 800 });
    const frame = log.locator('xpath=..');
    await expect
      .poll(() => frame.evaluate((element) => element.scrollWidth > element.clientWidth))
      .toBe(true);
    const page = 'document.documentElement';
    expect(await samPage.evaluate(`${page}.scrollWidth <= ${page}.clientWidth`)).toBe(true);
    await screenshot(samPage, 'admin-events-phone');
    await samPage.setViewportSize({ width: 1280, height: 800 });
    expect(errors).toEqual([]);
  });

  it("Sam verifies Carol's invoice order, adds credits to her card workspace once and cannot take more than it has", async () => {
    await adminTabs(samPage).getByRole('tab', { name: 'Billing' }).click();
    await samPage.getByRole('heading', { level: 1, name: 'Billing accounts' }).waitFor();
    await searchList(samPage, 'Search workspaces', '/api/v1/admin/workspaces', 'Carol Ltd');
    const billing = samPage.getByRole('table', { name: 'Billing accounts' });
    // Her invoice order waits for review, first in the list; Sam verifies it.
    const order = billing.getByRole('row').nth(1);
    await order.getByRole('link', { name: 'Carol Ltd invoices' }).waitFor();
    await order.getByText('Waiting for review').waitFor();
    await order.getByRole('button', { name: 'Verify Carol Ltd invoices' }).click();
    const review = samPage.getByRole('dialog', { name: 'Verify workspace "Carol Ltd invoices"?' });
    await review.getByRole('button', { name: 'Verify', exact: true }).click();
    await review.waitFor({ state: 'hidden' });
    await notice(samPage, 'Workspace "Carol Ltd invoices" verified').waitFor();
    await billing
      .getByRole('row')
      .filter({ hasText: 'Carol Ltd invoices' })
      .getByText('Verified', { exact: true })
      .waitFor();
    await billing.getByRole('link', { name: 'Carol Ltd workspace' }).click();
    await samPage.getByRole('heading', { level: 1, name: 'Carol Ltd workspace' }).waitFor();
    expect(pathname(samPage)).toMatch(/^\/dashboard\/admin\/billing\/[0-9a-f-]{36}$/);
    const members = samPage.getByRole('table', { name: 'Members' });
    await members.getByRole('link', { name: carolName }).waitFor();
    const ledger = samPage.getByRole('table', { name: 'Ledger' });
    await ledger.getByRole('row').nth(1).waitFor();
    const before = Number(
      (await samPage.getByText(/^Balance:/).textContent())?.match(/(\d+) credits?/)?.[1],
    );
    expect(before).toBeGreaterThan(0);

    await samPage.getByRole('button', { name: 'Adjust credits' }).click();
    const dialog = samPage.getByRole('dialog', {
      name: 'Adjust the credits of “Carol Ltd workspace”',
    });
    const amount = dialog.getByRole('textbox', { name: 'Amount' });
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    // More than the balance: the server's refusal, and what was typed stays.
    await amount.fill(String(-(before + 1)));
    await reason.fill('Goodwill credit for the support case (ticket 4712)');
    await dialog.getByRole('button', { name: 'Adjust', exact: true }).click();
    await dialog.getByText('Insufficient credits for this billing account.').waitFor();
    expect(await reason.inputValue()).toBe('Goodwill credit for the support case (ticket 4712)');

    // A double click applies the adjustment once (one key per opening of the dialog).
    await amount.fill('10');
    await dialog.getByRole('button', { name: 'Adjust', exact: true }).dblclick();
    await dialog.waitFor({ state: 'hidden' });
    await notice(
      samPage,
      `Credits of “Carol Ltd workspace” adjusted: balance ${before + 10}`,
    ).waitFor();
    await expect
      .poll(() => samPage.getByText(/^Balance:/).textContent())
      .toBe(`Balance: ${before + 10} credits`);
    const adjustments = ledger.getByRole('row').filter({ hasText: 'Adjustment' });
    await expect.poll(() => adjustments.count()).toBe(1);
    expect((await adjustments.getByRole('cell').allTextContents()).slice(2, 4)).toEqual([
      'Adjustment',
      '+10',
    ]);
    await screenshot(samPage, 'admin-billing-detail', true);

    // The same page in Finnish.
    await samPage.getByRole('combobox', { name: 'Language' }).click();
    await samPage.getByRole('option', { name: 'Suomi' }).click();
    await samPage.getByRole('navigation', { name: 'Ylläpidon osiot' }).waitFor();
    await samPage.getByRole('table', { name: 'Krediittikirjanpito' }).waitFor();
    await samPage.getByRole('button', { name: 'Oikaise krediittejä' }).waitFor();
    await screenshot(samPage, 'admin-billing-detail-fi', true);
    // And back: Sam's choice is kept on his account, and other journeys meet him too.
    await samPage.getByRole('combobox', { name: 'Kieli' }).click();
    await samPage.getByRole('option', { name: 'English' }).click();
    await samPage.getByRole('navigation', { name: 'Admin sections' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('Carol signs in again and finds the deal back in her list, not in the trash', async () => {
    await signIn(carolPage, carol);
    await carolPage.waitForURL(`**${listPath}`);
    await carolPage.getByRole('link', { name: TITLE }).waitFor();
    // Her trash is empty again: the menu's Trash has nothing to open.
    const trash = mainMenu(carolPage).getByRole('link', { name: /^Trash/ });
    await expect.poll(() => trash.getAttribute('aria-disabled')).toBe('true');
    await carolPage.goto('/dashboard/documents/trash');
    await carolPage.getByRole('heading', { level: 1, name: 'Trash' }).waitFor();
    await expect.poll(() => carolPage.getByRole('link', { name: TITLE }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the admin area stays closed to Carol: no menu entry, no page, 403 from the server', async () => {
    expect(await mainMenu(carolPage).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await carolPage.goto('/dashboard/admin/users');
    await carolPage.getByText('Only product administrators can see this page.').waitFor();
    expect(await adminTabs(carolPage).count()).toBe(0);
    expect(await carolPage.getByRole('table').count()).toBe(0);
    const answer = await carolPage.request.get('/api/v1/admin/users');
    expect(answer.status()).toBe(403);
    expect(errors).toEqual([]);
  });
});
