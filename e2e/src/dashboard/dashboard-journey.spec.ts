import { capitaliseName } from '@pactum/core/signing';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreeEverySection,
  api,
  createCardWorkspace,
  pathname,
  screenshot,
  sendNdaAndJoin,
  signUpVerified,
  startJourney,
} from '../journey';
import { newPerson } from '../people';

/*
 * The dashboard home tells the truth, live, to both parties of one deal: Rick's first home is
 * empty; Sarah sends him an NDA and her home lists the negotiation; Rick counters a section and
 * Sarah's 'Latest changes by others' says so without a reload; once Rick has agreed to the rest
 * and Sarah starts signing, each signer's
 * 'You to sign' lists the deal, and when both have signed 'Signed' does. The document lists
 * behind the widgets and the side menu agree with them.
 */

const TITLE = 'NDA for the dashboard';

const sarah = newPerson('sarah', 'home');
const rick = newPerson('rick', 'home');
/** The name the app shows for a person: their names as the server stores them, capitalised. */
const fullName = (person: typeof sarah) =>
  `${capitaliseName(person.firstname)} ${capitaliseName(person.lastname)}`;
const sarahName = fullName(sarah);
const rickName = fullName(rick);

const { errors, openPage } = startJourney();
let sarahPage: Page;
let rickPage: Page;
let dealId = '';

beforeAll(async () => {
  sarahPage = await openPage();
  rickPage = await openPage();
});

/** A widget of the home page, by its title ('Negotiations'). */
const widget = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: title, exact: true });

/** A section card of the deal page, by its heading ('1 Purpose'). */
const sectionCard = (page: Page, heading: string): Locator =>
  page.getByRole('region', { name: heading, exact: true });

async function openHome(page: Page): Promise<void> {
  await page.goto('/dashboard/home');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** Marks the page's document, so a later check can tell that it was never reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (globalThis as { notReloaded?: boolean }).notReloaded = true;
  });
const isSameDocument = (page: Page) =>
  page.evaluate(() => (globalThis as { notReloaded?: boolean }).notReloaded === true);

/** Names the person as their party's one signer in the signer setup dialog and saves. */
async function nameSigner(page: Page, person: typeof sarah, phone: string): Promise<void> {
  await page.getByRole('button', { name: 'Set up signers' }).click();
  const setup = page.getByRole('dialog', { name: 'Signers' });
  const count = setup.getByRole('combobox', { name: 'Number of signers' });
  if ((await count.textContent())?.trim() !== '1') {
    await count.click();
    await page.getByRole('option', { name: '1', exact: true }).click();
  }
  const signer = setup.getByRole('group', { name: 'Signer 1' });
  await signer.getByRole('textbox', { name: 'First name' }).fill(person.firstname);
  await signer.getByRole('textbox', { name: 'Last name' }).fill(person.lastname);
  await signer.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
  await signer.getByRole('textbox', { name: 'Phone' }).fill(phone);
  await setup.getByRole('button', { name: 'Save signers' }).click();
  await setup.waitFor({ state: 'hidden' });
}

/** Signs the deal open on the page with the signature the dialog suggests (no two-step). */
async function sign(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign document' }).first().click();
  const dialog = page.getByRole('dialog', { name: `Sign "${TITLE}"` });
  await dialog.getByRole('checkbox', { name: /I have read this document/ }).check();
  await dialog.getByRole('button', { name: 'Sign document' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the dashboard home in two browsers', () => {
  it('a new user’s home says honestly that there is nothing yet', async () => {
    await Promise.all([signUpVerified(sarahPage, sarah), signUpVerified(rickPage, rick)]);
    await openHome(rickPage);
    const empty: [string, string][] = [
      ['Your recent documents', 'No documents yet'],
      ['You to sign', 'Nothing to sign right now'],
      ['Upcoming Document Alerts', 'No upcoming document alerts'],
      ['Drafts', 'No drafts'],
      ['Negotiations', 'No negotiations in progress'],
      ['Waiting for signatures', 'No documents waiting for signatures'],
      ['Signed', 'No signed documents yet'],
      ['Workspaces', 'You have no workspaces'],
      ['Latest changes by others', 'No changes'],
    ];
    for (const [title, text] of empty) await widget(rickPage, title).getByText(text).waitFor();
    await widget(rickPage, 'Workspaces')
      .getByRole('link', { name: 'Order new workspace' })
      .waitFor();
    // 'Waiting for signatures' leads to its own list.
    expect(
      await widget(rickPage, 'Waiting for signatures')
        .getByRole('link', { name: 'Open list: Waiting for signatures' })
        .getAttribute('href'),
    ).toBe('/dashboard/documents/waiting');
    await screenshot(rickPage, 'dashboard-home-empty', true);
  });

  it('Sarah sends Rick an NDA: both homes list the negotiation', async () => {
    const workspace = await createCardWorkspace(sarahPage, {
      title: 'Home Ltd workspace',
      email: sarah.email,
      contactName: sarahName,
    });
    dealId = await sendNdaAndJoin(sarahPage, rickPage, {
      title: TITLE,
      senderName: 'Home Ltd',
      workspaceId: workspace.workspaceId,
      receiverEmail: rick.email,
    });
    await openHome(sarahPage);
    const negotiations = widget(sarahPage, 'Negotiations');
    const row = negotiations.getByRole('listitem').filter({ hasText: TITLE });
    await row.getByRole('link', { name: TITLE, exact: true }).waitFor();
    await row.getByText('Home Ltd – Receiver Oy').waitFor();
    await widget(sarahPage, 'Your recent documents')
      .getByRole('link', { name: TITLE, exact: true })
      .waitFor();
    await widget(sarahPage, 'Workspaces')
      .getByRole('link', { name: 'Home Ltd workspace' })
      .waitFor();
    // Her own sending is not news to her.
    await widget(sarahPage, 'Latest changes by others').getByText('No changes').waitFor();

    await openHome(rickPage);
    await widget(rickPage, 'Negotiations')
      .getByRole('link', { name: TITLE, exact: true })
      .waitFor();
    await widget(rickPage, 'Latest changes by others')
      .getByRole('link', { name: new RegExp(`^${sarahName} created a document`) })
      .waitFor();
  });

  it('Rick counters a section: Sarah’s latest changes say so without a reload', async () => {
    await markDocument(sarahPage);
    await rickPage.goto(`/dashboard/documents/deals/${dealId}`);
    await rickPage.waitForURL(`**/dashboard/documents/received/${dealId}`);
    const purpose = sectionCard(rickPage, '1 Purpose');
    await purpose.getByRole('button', { name: 'Edit' }).click();
    const editor = purpose.getByRole('textbox', { name: 'Section text' });
    await editor.waitFor();
    await editor.click();
    await rickPage.keyboard.press('Control+a');
    await rickPage.keyboard.type('The parties plan a shared dashboard (the Purpose).');
    await purpose.getByRole('button', { name: 'Save' }).click();
    await purpose.getByText(/^New version created · Receiver Oy/).waitFor();

    const changes = widget(sarahPage, 'Latest changes by others');
    const line = changes.getByRole('link', { name: new RegExp(`^${rickName} edited a section`) });
    await line.waitFor({ timeout: 15_000 });
    expect(await line.textContent()).toContain(`${rickName} edited a section “Purpose”`);
    expect(await line.textContent()).toContain(TITLE);
    expect(await isSameDocument(sarahPage)).toBe(true);
    await screenshot(sarahPage, 'dashboard-home-filled', true);

    // The line opens the deal where she negotiates it.
    await line.click();
    await expect.poll(() => pathname(sarahPage)).toBe(`/dashboard/documents/sent/${dealId}`);
    await sectionCard(sarahPage, '1 Purpose')
      .getByText('The parties plan a shared dashboard (the Purpose).')
      .waitFor();
  });

  it('signing starts: each signer’s home lists the deal under You to sign', async () => {
    // Rick accepts Sarah's other sections; his own version of the Purpose is his consent.
    await agreeEverySection(rickPage, dealId);
    await sarahPage.goto(`/dashboard/documents/deals/${dealId}/sign`);
    await sarahPage.getByRole('heading', { level: 1, name: 'Review and sign' }).waitFor();
    await nameSigner(sarahPage, sarah, '+358401110001');
    await sarahPage.getByRole('button', { name: 'Start signing' }).click();
    const start = sarahPage.getByRole('dialog', { name: 'Start signing' });
    await start.getByRole('button', { name: 'Start signing' }).click();
    await start.waitFor({ state: 'hidden' });
    await sarahPage.getByText('Waiting for signatures: 0 of 1 signed.').waitFor();

    await openHome(sarahPage);
    const toSign = widget(sarahPage, 'You to sign');
    await toSign.getByRole('link', { name: TITLE, exact: true }).waitFor();
    expect(await toSign.getByRole('link', { name: TITLE, exact: true }).getAttribute('href')).toBe(
      `/dashboard/documents/deals/${dealId}/sign`,
    );
    await widget(sarahPage, 'Negotiations').getByText('No negotiations in progress').waitFor();
    // The drawer counts it where the widget's list shows it.
    const menu = sarahPage.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'In Signing (1)' }).waitFor();

    // Rick has no signature to give yet: the deal waits for others' signatures.
    await openHome(rickPage);
    await widget(rickPage, 'Waiting for signatures')
      .getByRole('link', { name: TITLE, exact: true })
      .waitFor();
    await widget(rickPage, 'You to sign').getByText('Nothing to sign right now').waitFor();
    await rickPage.goto(`/dashboard/documents/deals/${dealId}`);
    await rickPage.waitForURL(`**/dashboard/documents/deals/${dealId}/sign`);
    await nameSigner(rickPage, rick, '+358401110002');
    await rickPage.getByText('Waiting for signatures: 0 of 2 signed.').waitFor();
    await openHome(rickPage);
    await widget(rickPage, 'You to sign').getByRole('link', { name: TITLE, exact: true }).waitFor();
    await widget(rickPage, 'Waiting for signatures')
      .getByText('No documents waiting for signatures')
      .waitFor();
  });

  it('both sign: Signed lists the deal, on Sarah’s open home without a reload', async () => {
    await widget(sarahPage, 'You to sign').getByRole('link', { name: TITLE, exact: true }).click();
    await sarahPage.waitForURL(`**/dashboard/documents/deals/${dealId}/sign`);
    await sign(sarahPage);
    await sarahPage.getByText('Waiting for signatures: 1 of 2 signed.').waitFor();
    await openHome(sarahPage);
    await widget(sarahPage, 'Waiting for signatures')
      .getByRole('link', { name: TITLE, exact: true })
      .waitFor();
    await widget(sarahPage, 'You to sign').getByText('Nothing to sign right now').waitFor();
    await markDocument(sarahPage);

    await widget(rickPage, 'You to sign').getByRole('link', { name: TITLE, exact: true }).click();
    await rickPage.waitForURL(`**/dashboard/documents/deals/${dealId}/sign`);
    await sign(rickPage);
    await rickPage.getByRole('heading', { level: 1, name: 'Signed' }).waitFor({ timeout: 30_000 });

    const signed = widget(sarahPage, 'Signed');
    await signed.getByRole('link', { name: TITLE, exact: true }).waitFor({ timeout: 15_000 });
    await widget(sarahPage, 'Waiting for signatures')
      .getByText('No documents waiting for signatures')
      .waitFor();
    await widget(sarahPage, 'Latest changes by others')
      .getByRole('link', { name: new RegExp(`^${rickName} signed a document`) })
      .waitFor();
    expect(await isSameDocument(sarahPage)).toBe(true);
    await screenshot(sarahPage, 'dashboard-home-signed', true);

    await openHome(rickPage);
    await widget(rickPage, 'Signed').getByRole('link', { name: TITLE, exact: true }).waitFor();
    await widget(rickPage, 'Latest changes by others')
      .getByRole('link', { name: new RegExp(`^${sarahName} signed a document`) })
      .waitFor();
  });

  it('the document lists behind the home agree with it and with the side menu', async () => {
    const menu = sarahPage.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Signed (1)' }).click();
    await sarahPage.waitForURL('**/dashboard/documents/signed');
    await sarahPage
      .getByRole('table', { name: 'Signed' })
      .getByRole('link', { name: TITLE, exact: true })
      .waitFor();
    // Negotiate is empty now, and the menu item disabled.
    const negotiate = menu.getByRole('link', { name: 'Negotiate (0)' });
    await negotiate.waitFor();
    expect(await negotiate.getAttribute('aria-disabled')).toBe('true');
    await sarahPage.goto('/dashboard/documents/negotiate');
    await sarahPage.getByText('There are no documents in this list.').waitFor();

    // The bare documents address opens the first list; an unknown one is not found, in the shell.
    await sarahPage.goto('/dashboard/documents');
    await expect.poll(() => pathname(sarahPage)).toBe('/dashboard/documents/negotiate');
    await sarahPage.goto('/dashboard/documents/no-such-list');
    await sarahPage.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await menu.waitFor();

    // Once the signed copy is filed in her archive, the archived list has it with its link.
    await expect
      .poll(
        async () => {
          await sarahPage.goto('/dashboard/documents/archived');
          const table = sarahPage.getByRole('table', { name: 'Archived' });
          await table.or(sarahPage.getByText('There are no documents in this list.')).waitFor();
          return table.getByRole('link', { name: TITLE, exact: true }).count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    await sarahPage
      .getByRole('table', { name: 'Archived' })
      .getByRole('link', { name: `Archived copy of ${TITLE}` })
      .waitFor();
    await screenshot(sarahPage, 'dashboard-archived-list');
  }, 120_000);

  it('an alert on the archived copy shows under Upcoming Document Alerts and opens its drawer', async () => {
    const archived = await api<{ archiveId: string }>(
      sarahPage,
      'GET',
      `/deals/${dealId}/archived`,
    );
    // Far enough ahead for any clock an earlier journey of the run may have moved.
    const date = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    await api(sarahPage, 'POST', `/archive/items/${archived.archiveId}/alerts`, {
      date,
      subject: 'Renew the NDA',
      message: '',
      emails: [sarah.email],
    });
    await openHome(sarahPage);
    const alerts = widget(sarahPage, 'Upcoming Document Alerts');
    const row = alerts.getByRole('listitem').filter({ hasText: 'Renew the NDA' });
    await row.getByText(`Alert on ${date}`).waitFor();
    await row.getByText(`File: ${TITLE}.pdf`).waitFor();
    await screenshot(sarahPage, 'dashboard-home-alert');
    await row.getByRole('link', { name: 'Renew the NDA' }).click();
    await sarahPage.getByRole('dialog', { name: 'Document alerts' }).waitFor();
    expect(pathname(sarahPage)).toMatch(
      new RegExp(`^/dashboard/account/archive/[^/]+/${archived.archiveId}$`),
    );
    expect(new URL(sarahPage.url()).searchParams.has('showAlertDrawer')).toBe(true);
  });

  it('a widget that fails says so on its own; the rest of the home works', async () => {
    const changesApi = '**/api/v1/dashboard/changes';
    await rickPage.route(changesApi, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Internal error' } }),
      }),
    );
    await openHome(rickPage);
    const changes = widget(rickPage, 'Latest changes by others');
    await changes.getByRole('alert').getByText('The latest changes could not be loaded.').waitFor();
    await widget(rickPage, 'Signed').getByRole('link', { name: TITLE, exact: true }).waitFor();
    await screenshot(rickPage, 'dashboard-home-widget-failed');
    await rickPage.unroute(changesApi);
    await changes.getByRole('button', { name: 'Try again' }).click();
    await changes
      .getByRole('link', { name: new RegExp(`^${sarahName} signed a document`) })
      .waitFor();
    // The browser noted the failed answers the test made up; they are no script errors.
    const madeUp = (error: Error) => error.message.includes('status of 500');
    errors.splice(0, errors.length, ...errors.filter((error) => !madeUp(error)));
  });

  it('in Finnish the home speaks Finnish, the feed’s lines too', async () => {
    await openHome(rickPage);
    await rickPage.getByRole('combobox', { name: 'Language' }).click();
    await rickPage.getByRole('option', { name: 'Suomi' }).click();
    await rickPage.getByRole('heading', { level: 1, name: 'Etusivu' }).waitFor();
    await widget(rickPage, 'Allekirjoitetut')
      .getByRole('link', { name: TITLE, exact: true })
      .waitFor();
    await widget(rickPage, 'Muiden viimeisimmät muutokset')
      .getByRole('link', { name: new RegExp(`^${sarahName} allekirjoitti asiakirjan`) })
      .waitFor();
    await screenshot(rickPage, 'dashboard-home-fi', true);
    expect(errors).toEqual([]);
  });
});
