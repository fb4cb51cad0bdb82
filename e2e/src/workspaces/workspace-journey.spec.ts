import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, notice, pathname, screenshot, startJourney } from '../journey';
import { waitForMailLink } from '../outbox';
import { newPerson, signIn, signOut, signUp } from '../people';

/** The workspace's administrator, and a colleague she invites. */
const mary = newPerson('mary', 'smith');
const bob = newPerson('bob', 'jones');
const workspaceTitle = 'Acme Sales';
/** A card expiry in the future: MM and YY. */
const expiry = { month: '12', year: String((new Date().getFullYear() + 3) % 100).padStart(2, '0') };

const { errors, openPage } = startJourney();
/** Mary's page, kept from one step of the journey to the next. */
let maryPage: Page;
let workspacePath = '';

beforeAll(async () => {
  maryPage = await openPage();
});

async function fillCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number', exact: true }).fill(number);
  await page.getByRole('textbox', { name: 'MM', exact: true }).fill(expiry.month);
  await page.getByRole('textbox', { name: 'YY', exact: true }).fill(expiry.year);
  await page.getByRole('textbox', { name: 'CVC', exact: true }).fill('123');
}

/** The balance as the workspace page's heading shows it. */
const balance = (page: Page) => page.getByText(/^Balance:/);

describe('workspaces', () => {
  it('orders a card workspace, paid at once, and lists it', async () => {
    const page = maryPage;
    await signUp(page, mary);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: /^Workspaces/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Workspaces' }).waitFor();
    await page.getByText('You have no workspaces.').waitFor();
    await page.getByRole('link', { name: 'Order new Workspace', exact: true }).click();

    await page.getByRole('heading', { level: 1, name: 'Order new workspace' }).waitFor();
    expect(pathname(page)).toBe('/dashboard/account/workspace/create');
    // An invoice order is the default, at its minimum of 50 credits.
    const invoice = page.getByRole('radio', { name: 'Invoice (50 credits or more)' });
    expect(await invoice.isChecked()).toBe(true);
    const credits = page.getByRole('spinbutton', { name: 'Credits', exact: true });
    expect(await credits.inputValue()).toBe('50');
    await page.getByRole('spinbutton', { name: 'Licences', exact: true }).waitFor();

    await page.getByRole('radio', { name: 'Credit card' }).check();
    await expect.poll(() => credits.inputValue()).toBe('1');
    const submit = page.getByRole('button', { name: 'Order workspace' });
    expect(await submit.isDisabled()).toBe(true);

    // Filled in from the user's own details.
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(
      'Mary Smith',
    );
    expect(
      await page.getByRole('textbox', { name: 'Billing email', exact: true }).inputValue(),
    ).toBe(mary.email);
    await page.getByRole('textbox', { name: 'Workspace name', exact: true }).fill(workspaceTitle);
    await page.getByRole('textbox', { name: 'Company name', exact: true }).fill('Acme Oy');
    // Outside the EU the company's id is a business id; in Finland an EU VAT number.
    await page.getByRole('textbox', { name: 'Business ID', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Country', exact: true }).click();
    await page.getByRole('option', { name: 'Finland' }).click();
    await page.getByRole('textbox', { name: 'EU VAT number', exact: true }).fill('fi 1234567-8');
    await page
      .getByRole('textbox', { name: 'Street address 1', exact: true })
      .fill('Mannerheimintie 1');
    await page.getByRole('textbox', { name: 'Postal code', exact: true }).fill('00100');
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('Helsinki');
    await credits.fill('10');
    await fillCard(page, '4242 4242 4242 4242');
    expect(await submit.isDisabled()).toBe(true);

    // 10 credits at 10.00 EUR, with the Finnish VAT of 24 %.
    const confirm = page.getByRole('checkbox', {
      name: 'I confirm the purchase of 10 credits for €124.00',
    });
    await confirm.check();
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await screenshot(page, 'workspaces-create', true);
    await submit.click();

    await notice(page, 'Billing account created & 10 credits purchased!').waitFor();
    await page.getByRole('heading', { level: 1, name: workspaceTitle }).waitFor();
    expect(pathname(page)).toMatch(/^\/dashboard\/account\/workspace\/edit\/[0-9a-f-]{36}$/);
    workspacePath = pathname(page);
    // The drawer counts the new workspace.
    await menu.getByRole('link', { name: 'Workspaces (1)' }).waitFor();
    await expect.poll(() => balance(page).textContent()).toBe('Balance: 10 credits');

    await page
      .getByRole('navigation', { name: 'Breadcrumbs' })
      .getByRole('link', { name: 'Workspaces' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Workspaces' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: workspaceTitle });
    await row.waitFor();
    expect(await row.getByRole('img', { name: 'Card' }).count()).toBe(1);
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('10');
    await screenshot(page, 'workspaces-list');

    // The dashboard's Workspaces widget lists it too.
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    const widget = page.getByRole('region', { name: 'Workspaces' });
    await widget.getByRole('link', { name: workspaceTitle }).waitFor();
    await widget.getByText('10 credits').waitFor();
    await menu.getByRole('link', { name: /^Workspaces/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Workspaces' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('buys credits with 3-D Secure and shows the purchase among the transactions', async () => {
    const page = maryPage;
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    // A row opens the workspace after counting its stats (already counted when it opened).
    await page.getByRole('link', { name: workspaceTitle }).click();
    await notice(
      page,
      /^(Workspace stats calculated successfully|Stats calculation skipped - already calculated within 24 hours)$/,
    )
      .first()
      .waitFor();
    await page.getByRole('heading', { level: 1, name: workspaceTitle }).waitFor();
    expect(pathname(page)).toBe(workspacePath);

    await page.getByRole('tab', { name: 'Buy credits' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#buy-credits');
    const credits = page.getByRole('spinbutton', { name: 'Credits', exact: true });
    expect(await credits.inputValue()).toBe('5');
    await fillCard(page, '4000 0000 0000 3220');
    const buy = page.getByRole('button', { name: 'Buy credits' });
    expect(await buy.isDisabled()).toBe(true);
    // 5 credits at 12.00 EUR, +24 % VAT.
    await page
      .getByRole('checkbox', { name: 'I confirm the purchase of 5 credits for €74.40' })
      .check();
    await expect.poll(() => buy.isDisabled()).toBe(false);
    await buy.click();

    // The test bank's 3-D Secure page.
    await page.getByRole('heading', { name: 'Pactum test bank: 3-D Secure' }).waitFor();
    await page.getByText('74.40 EUR').waitFor();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await notice(
      page,
      `You have purchased 5 credits to "${workspaceTitle}" billing account`,
    ).waitFor();
    expect(
      visited.some((url) =>
        new URL(url).pathname.startsWith('/dashboard/account/workspace/verify/'),
      ),
    ).toBe(true);
    expect(pathname(page)).toBe(workspacePath);
    // Back with the buy tab closed, and the credits added.
    expect(
      await page.getByRole('tab', { name: 'Workspace', exact: true }).getAttribute('aria-selected'),
    ).toBe('true');
    await expect.poll(() => balance(page).textContent()).toBe('Balance: 15 credits');

    await page.getByRole('tab', { name: 'Transactions' }).click();
    const table = page.getByRole('table', { name: 'Transactions' });
    await table.waitFor();
    const rows = table.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    // Newest first: the 3-D purchase, then the first credits of the order.
    const cells = async (index: number) => rows.nth(index).getByRole('cell').allTextContents();
    expect((await cells(1)).slice(2, 6)).toEqual(['Credits', '+5', '15', '€74.40']);
    expect((await cells(2)).slice(2, 6)).toEqual(['Credits', '+10', '10', '€124.00']);
    await screenshot(page, 'workspaces-transactions');
    expect(errors).toEqual([]);
  });

  it('says why a card is refused, and charges nothing', async () => {
    const page = maryPage;
    await page.getByRole('tab', { name: 'Buy credits' }).click();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('checkbox', { name: /^I confirm the purchase of 5 credits/ }).check();
    await page.getByRole('button', { name: 'Buy credits' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await balance(page).textContent()).toBe('Balance: 15 credits');
    await screenshot(page, 'workspaces-buy-declined');

    // A failed 3-D Secure authentication: the bank's reason, and a way back.
    await fillCard(page, '4000 0000 0000 3220');
    await page.getByRole('checkbox', { name: /^I confirm the purchase of 5 credits/ }).check();
    await page.getByRole('button', { name: 'Buy credits' }).click();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment verification' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: '3-D Secure authentication failed.' })
      .waitFor();
    expect(pathname(page)).toBe(workspacePath.replace('/edit/', '/verify/'));
    await screenshot(page, 'workspaces-verify-failed');
    await page.getByRole('link', { name: 'Back to billing account' }).click();
    await page.getByRole('heading', { level: 1, name: workspaceTitle }).waitFor();
    await expect.poll(() => balance(page).textContent()).toBe('Balance: 15 credits');
    expect(errors).toEqual([]);
  });

  it('invites a colleague, who joins on signing in, and groups them both', async () => {
    // Bob registers and verifies his address in his own browser.
    const bobPage = await openPage();
    await signUp(bobPage, bob);
    const verifyLink = await waitForMailLink(
      baseURL,
      bob.email,
      /\S+\/verify\/email\?mode=verifyEmail&code=\S+/,
    );
    await bobPage.goto(verifyLink);
    await bobPage.getByText('Thank you! Your email address has been verified.').waitFor();
    await bobPage.getByRole('link', { name: 'Go to dashboard' }).click();
    await bobPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // Mary invites him.
    const page = maryPage;
    await page.getByRole('tab', { name: 'Workspace', exact: true }).click();
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByText('1 of 1000 licences in use').waitFor();
    await members.getByText('Licence price: 39 EUR per user a month').waitFor();
    await members.getByRole('textbox', { name: 'Email of the person to invite' }).fill(bob.email);
    await members.getByRole('button', { name: 'Invite', exact: true }).click();
    await notice(page, `Invitation sent to ${bob.email}`).waitFor();
    await members.getByRole('list', { name: 'Open invitations' }).getByText(bob.email).waitFor();

    // The invitation's link signs Bob in to the workspace; signing in accepts it.
    const inviteLink = await waitForMailLink(baseURL, bob.email, /\S+\/login\?redirect=\S+/);
    await signOut(bobPage);
    await bobPage.goto(inviteLink);
    await signIn(bobPage, bob);
    await bobPage.getByRole('heading', { level: 1, name: workspaceTitle }).waitFor();
    expect(pathname(bobPage)).toBe(workspacePath);
    await bobPage
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Workspaces (1)' })
      .waitFor();
    const bobGroups = bobPage.getByRole('region', { name: 'Groups' });
    await bobGroups.getByText('Only workspace administrators can change groups.').waitFor();
    expect(await bobPage.getByRole('button', { name: 'Create group' }).count()).toBe(0);

    // Mary's page hears of the new member at once.
    await members.getByText('Bob Jones', { exact: true }).waitFor();
    expect(await members.getByRole('list', { name: 'Open invitations' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Create group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create group' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Sales team');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Signs the sales contracts');
    const create = dialog.getByRole('button', { name: 'Create group' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: `Mary Smith (${mary.email})` }).check();
    await dialog.getByRole('checkbox', { name: `Bob Jones (${bob.email})` }).check();
    await expect.poll(() => create.isDisabled()).toBe(false);
    await create.click();
    await notice(page, 'Group created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const groups = page.getByRole('list', { name: 'Groups' });
    const group = groups.getByRole('listitem').filter({ hasText: 'Sales team' });
    await group.getByText('2 members').waitFor();
    await group
      .getByText('Signs the sales contracts · Mary Smith, Bob Jones')
      .or(group.getByText('Signs the sales contracts · Bob Jones, Mary Smith'))
      .waitFor();

    // Bob sees the group, read-only.
    await bobPage.getByRole('button', { name: 'Open group Sales team' }).click();
    const bobDialog = bobPage.getByRole('dialog', { name: 'Sales team' });
    expect(await bobDialog.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).toBe(
      true,
    );
    await bobDialog.getByRole('button', { name: 'Close' }).click();
    await bobDialog.waitFor({ state: 'hidden' });

    // Tags: any member adds them; a name taken already is refused.
    const tags = page.getByRole('region', { name: 'Tags' });
    await tags.getByText('No tags yet.').waitFor();
    await tags.getByRole('textbox', { name: 'New tag' }).fill('urgent');
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await tags.getByRole('cell', { name: 'urgent', exact: true }).waitFor();
    await tags.getByRole('textbox', { name: 'New tag' }).fill('Urgent');
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await tags.getByText('Tag Urgent already exists').waitFor();

    // Webhooks: an endpoint on a private address is refused (the server runs as production),
    // with the refusal's own text; nothing is added.
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByText('No webhook endpoints yet.').waitFor();
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    const endpoint = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await endpoint.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://127.0.0.1/hooks');
    await endpoint.getByRole('checkbox', { name: 'Document signed' }).check();
    await endpoint.getByRole('button', { name: 'Add endpoint' }).click();
    await endpoint
      .getByText('Webhook addresses on private or local networks are not allowed.')
      .waitFor();
    await endpoint.getByRole('button', { name: 'Cancel' }).click();
    await webhooks.getByText('No webhook endpoints yet.').waitFor();
    await screenshot(page, 'workspaces-edit', true);
    expect(errors).toEqual([]);
  });

  it('orders an invoice workspace, which waits for review', async () => {
    const page = maryPage;
    await page.goto('/dashboard/account/workspace/create');
    await page.getByRole('heading', { level: 1, name: 'Order new workspace' }).waitFor();
    const credits = page.getByRole('spinbutton', { name: 'Credits', exact: true });
    await credits.fill('20');
    await credits.blur();
    // The rule shows under the field too (the first is the option's own label).
    const minimum = page.getByText('Invoice (50 credits or more)', { exact: true });
    await expect.poll(() => minimum.count()).toBe(2);
    await credits.fill('50');
    await page.getByRole('textbox', { name: 'Workspace name', exact: true }).fill('Acme Invoices');
    await page.getByRole('textbox', { name: 'Company name', exact: true }).fill('Acme Oy');
    await page.getByRole('combobox', { name: 'Country', exact: true }).click();
    await page.getByRole('option', { name: 'Finland' }).click();
    // E-invoice fields for EU VAT countries.
    await page
      .getByRole('textbox', { name: 'E-invoice address', exact: true })
      .fill('003712345678');
    await page.getByRole('textbox', { name: 'OVT / BIC', exact: true }).fill('OKOYFIHH');
    await page
      .getByRole('textbox', { name: 'Street address 1', exact: true })
      .fill('Mannerheimintie 1');
    await page.getByRole('textbox', { name: 'Postal code', exact: true }).fill('00100');
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('Helsinki');
    // 50 credits at 8.00 EUR, +24 % VAT.
    await page
      .getByRole('checkbox', { name: 'I confirm the purchase of 50 credits for €496.00' })
      .check();
    const submit = page.getByRole('button', { name: 'Order workspace' });
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await notice(page, 'New workspace "Acme Invoices" created').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Acme Invoices' }).waitFor();
    await page
      .getByText('This workspace is waiting for review. It is usually done within 1 business day.')
      .waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);

    // Only product admins review orders.
    await page.goto('/dashboard/admin');
    await page.getByText('Only product administrators can see this page.').waitFor();
    expect(pathname(page)).toBe('/dashboard/admin/billing');

    // The workspace page in Finnish.
    await page.goto(workspacePath);
    await page.getByRole('heading', { level: 1, name: workspaceTitle }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Suomi' }).click();
    await page.getByRole('tab', { name: 'Osta krediittejä' }).click();
    await page
      .getByRole('checkbox', { name: /^Vahvistan 5 krediitin oston hintaan 74,40/ })
      .waitFor();
    await page.getByText('Saldo: 15 krediittiä').waitFor();
    await screenshot(page, 'workspaces-buy-fi');
    await page.getByRole('tab', { name: 'Työtila', exact: true }).click();
    await page
      .getByRole('region', { name: 'Jäsenet' })
      .getByText('2/1000 lisenssiä käytössä')
      .waitFor();
    await screenshot(page, 'workspaces-edit-fi', true);
    expect(errors).toEqual([]);
  });
});
