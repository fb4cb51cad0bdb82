import { earliestAlertDate } from '@pactum/core/schedule';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  baseURL,
  createCardWorkspace,
  moveClock,
  notice,
  screenshot,
  signUpVerified,
  startJourney,
} from '../journey';
import { type OutboxMessage, readOutbox, waitForMailLink } from '../outbox';
import { onePagePdf } from '../pdf';
import { newPerson } from '../people';

/*
 * Document alerts (issue 14). Anna uploads a lease into her workspace's folder, opens it in the
 * viewer and, in the alert drawer, sets an alert for tomorrow to herself and to an address
 * outside Pactum. The viewer's alert icon counts it. The test then moves the server's clock two
 * days on: both addresses get the reminder (the outsider without the file's name), Anna's bell
 * says 'Document alert: <subject>' and opens the file.
 */

const FILE_NAME = 'cleaning-contract.pdf';
const SUBJECT = 'Renew the cleaning contract';
const DAY_MS = 24 * 60 * 60 * 1000;

const anna = newPerson('anna', 'alerter');
const outsider = `outsider.${Date.now().toString(36)}@example.org`;

const { errors, openPage } = startJourney();
let page: Page;
let fileUrl = '';

beforeAll(async () => {
  page = await openPage();
});

afterAll(async () => {
  // The other journeys run on the same server: its clock goes back to the real time.
  await moveClock({ reset: true }).catch(() => undefined);
});

describe('document alerts', () => {
  it('Anna uploads a lease into her folder and opens it in the viewer', async () => {
    await signUpVerified(page, anna);
    // Her timezone is her browser's: 'tomorrow' is the same day for the form and the server.
    const timezone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await api(page, 'PATCH', '/me', { timezone });
    const { workspaceId } = await createCardWorkspace(page, {
      title: 'Alert Ltd workspace',
      email: anna.email,
      contactName: 'Anna Alerter',
    });
    await api(page, 'POST', '/archive/folders', { name: 'leases', workspaceId });

    await page.goto('/dashboard/account/archive');
    await page
      .getByRole('table', { name: 'Archive' })
      .getByRole('link', { name: 'leases' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'leases' }).waitFor();
    await page
      .getByLabel('Upload files')
      .setInputFiles([
        { name: FILE_NAME, mimeType: 'application/pdf', buffer: onePagePdf('Cleaning contract') },
      ]);
    await page
      .getByRole('table', { name: 'leases' })
      .getByRole('link', { name: FILE_NAME })
      .click({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: FILE_NAME }).waitFor();
    fileUrl = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Document alerts: 0' }).waitFor();
  });

  it('she adds an alert for tomorrow in the drawer; the icon counts it', async () => {
    await page.getByRole('button', { name: 'Document alerts: 0' }).click();
    await page.waitForURL(/[?&]showAlertDrawer/);
    const drawer = page.getByRole('dialog', { name: 'Document alerts' });
    await drawer.getByText('No alerts yet.', { exact: false }).waitFor();
    // The spec's width on a wide screen, once it has slid in, at the right edge.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box && [Math.round(box.width), Math.round(box.x + box.width)];
      })
      .toEqual([500, 1280]);
    await screenshot(page, 'alerts-drawer-empty');

    await drawer.getByRole('button', { name: 'Add alert' }).click();
    const form = drawer.getByRole('form', { name: 'New alert' });
    // Nothing filled in: each required field says so, and nothing is sent.
    await form.getByRole('button', { name: 'Add alert' }).click();
    await form.getByText('This field is required').first().waitFor();
    await form.getByText('Add at least one e-mail address.').waitFor();

    const timezone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const tomorrow = earliestAlertDate(new Date(), timezone);
    await form.getByLabel('Date').fill(tomorrow);
    await form.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
    const emails = form.getByRole('combobox', { name: 'E-mail addresses' });
    await emails.fill(anna.email);
    await emails.press('Space');
    await emails.fill(outsider);
    await emails.press('Space');
    await emails.fill('not-an-address');
    await emails.press('Space');
    await form.getByRole('textbox', { name: 'Message (optional)' }).fill('Ask for a new offer.');
    await form.getByRole('button', { name: 'Add alert' }).click();
    // The invalid chip is red and named under the field; what was typed stays.
    await form.getByText('Invalid email address: not-an-address').waitFor();
    await screenshot(page, 'alerts-form-invalid');
    await form.getByRole('button', { name: 'Remove not-an-address', exact: true }).click();
    expect(await form.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(SUBJECT);

    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /\/alerts$/.test(new URL(response.url()).pathname),
    );
    await form.getByRole('button', { name: 'Add alert' }).click();
    expect((await created).status()).toBe(201);
    await notice(page, 'Alert added').waitFor();
    const item = drawer.getByRole('listitem', { name: SUBJECT });
    await item.getByText(tomorrow).waitFor();
    await item.getByText(outsider).waitFor();
    await item.getByText('Added by Anna Alerter').waitFor();
    await screenshot(page, 'alerts-drawer-list');
    // The drawer is modal: the page, its alert icon too, is back once it closes.
    await drawer.getByRole('button', { name: 'Close document alerts' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).not.toContain('showAlertDrawer');
    await page.getByRole('button', { name: 'Document alerts: 1' }).click();

    // A second one, changed and then removed after the spec's question.
    await drawer.getByRole('button', { name: 'Add alert' }).click();
    const second = drawer.getByRole('form', { name: 'New alert' });
    await second.getByLabel('Date').fill(tomorrow);
    await second.getByRole('textbox', { name: 'Subject' }).fill('Check the invoice');
    // The people who can open the file are offered by name.
    await second.getByRole('combobox', { name: 'E-mail addresses' }).fill('anna');
    const suggestion = page.getByRole('option', { name: /Anna Alerter/ });
    await suggestion.waitFor();
    await screenshot(page, 'alerts-suggestions');
    await suggestion.click();
    await second.getByRole('button', { name: `Remove ${anna.email}`, exact: true }).waitFor();
    await second.getByRole('button', { name: 'Add alert' }).click();
    await notice(page, 'Alert added').waitFor();
    await drawer.getByRole('button', { name: 'Edit alert Check the invoice' }).click();
    const edit = drawer.getByRole('form', { name: 'Edit alert' });
    await edit.getByRole('textbox', { name: 'Subject' }).fill('Check the last invoice');
    await edit.getByRole('button', { name: 'Save alert' }).click();
    await notice(page, 'Alert saved').waitFor();
    await drawer.getByRole('listitem', { name: 'Check the last invoice' }).waitFor();
    await drawer.getByRole('button', { name: 'Remove alert Check the last invoice' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove alert' });
    await confirm
      .getByText('Are you sure you would like to remove alert Check the last invoice?')
      .waitFor();
    await screenshot(page, 'alerts-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await notice(page, 'Alert removed').waitFor();
    await drawer
      .getByRole('listitem', { name: 'Check the last invoice' })
      .waitFor({ state: 'hidden' });
    await drawer.getByRole('listitem').first().waitFor();
    expect(await drawer.getByRole('listitem').count()).toBe(1);

    // Escape closes it too.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Document alerts: 1' }).waitFor();

    // On a phone it takes the whole width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Document alerts: 1' }).click();
    await drawer.getByRole('listitem', { name: SUBJECT }).waitFor();
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box && [Math.round(box.x), Math.round(box.width)];
      })
      .toEqual([0, 390]);
    await screenshot(page, 'alerts-drawer-phone');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('two days later both addresses are reminded and the bell opens the file', async () => {
    await moveClock({ advanceMs: 2 * DAY_MS });
    let mails: OutboxMessage[] = [];
    await expect
      .poll(
        async () => {
          mails = (await readOutbox(baseURL)).filter(
            (mail) =>
              mail.kind === 'email' &&
              mail.subject.includes(SUBJECT) &&
              [anna.email, outsider].includes(mail.to),
          );
          return mails.map((mail) => mail.to).sort();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([anna.email, outsider].sort());
    // Names people chose are kept from being linked in mails with zero-width non-joiners.
    const textTo = (to: string) =>
      mails.find((mail) => mail.to === to)?.text.replaceAll('\u200c', '') ?? '';
    expect(textTo(anna.email)).toContain(FILE_NAME);
    expect(textTo(anna.email)).toContain('Ask for a new offer.');
    expect(textTo(outsider)).toContain(SUBJECT);
    expect(textTo(outsider)).not.toContain(FILE_NAME);
    expect(textTo(outsider)).not.toContain('cleaning-contract');

    // The bell hears of it live; the file's alert is no longer pending.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ new$/ });
    await bell.waitFor({ timeout: 15_000 });
    await bell.click();
    const line = page.getByRole('menuitem').filter({ hasText: `Document alert: ${SUBJECT}` });
    await line.waitFor();
    await screenshot(page, 'alerts-notification');
    await page.goto('/dashboard/home');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page
      .getByRole('menuitem')
      .filter({ hasText: `Document alert: ${SUBJECT}` })
      .click();
    await page.waitForURL(`**${fileUrl}`);
    await page.getByRole('heading', { level: 1, name: FILE_NAME }).waitFor();
    await page.getByRole('button', { name: 'Document alerts: 0' }).waitFor();
  });

  it('the day’s digest mail carries a link that turns the e-mails off', async () => {
    // The notification goes into Anna's daily digest. The digest may have looked before the
    // alert was delivered (both run when the clock moves): a day more brings the next one.
    await moveClock({ advanceMs: DAY_MS });
    const link = await waitForMailLink(baseURL, anna.email, /\S+\/unsubscribe\?token=\S+/);
    // A changed token is refused and changes nothing.
    await page.goto(`${link.slice(0, -4)}AAAA`);
    await page.getByRole('heading', { level: 1, name: 'E-mail notifications' }).waitFor();
    await page.getByText('This unsubscribe link is not valid.', { exact: false }).waitFor();
    await page.goto(link);
    await page.getByText('You will no longer receive e-mail notifications from Pactum.').waitFor();
    await screenshot(page, 'alerts-unsubscribed');
    await page.getByRole('link', { name: 'Account settings' }).click();
    await page.waitForURL('**/dashboard/account/my');
    const me = await api<{ emailNotifications: string | null }>(page, 'GET', '/me');
    expect(me.emailNotifications).toBe('off');
    expect(errors).toEqual([]);
  });
});
