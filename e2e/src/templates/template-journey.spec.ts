import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseURL, notice, pathname, screenshot, startJourney } from '../journey';
import { waitForMailLink } from '../outbox';
import { newPerson, signIn, signUp } from '../people';

/** The template's author, and a colleague she shares it with. */
const mary = newPerson('mary', 'smith');
const bob = newPerson('bob', 'jones');
const templateTitle = `Consulting agreement ${Date.now().toString(36)}`;

const { errors, openPage } = startJourney();
let maryPage: Page;
let bobPage: Page;
let editPath = '';

beforeAll(async () => {
  maryPage = await openPage();
  bobPage = await openPage();
});

/** A section card by its heading (number and title). */
const sectionCard = (page: Page, heading: string | RegExp) =>
  page.getByRole('region', { name: heading });

/** The headings of the section cards, in page order. */
const sectionHeadings = (page: Page) =>
  page.locator('section[id^="section-"]').locator('h2, h3').allInnerTexts();

/** Saves the open section and waits until its editor has closed. */
async function saveSection(page: Page) {
  await page.getByRole('button', { name: 'Save section' }).click();
  await expect.poll(() => page.getByRole('textbox', { name: 'Section title' }).count()).toBe(0);
}

/** Types into a TipTap editor (a textbox) after clearing it. */
async function typeRichText(editor: Locator, text: string) {
  await editor.click();
  await editor.press('ControlOrMeta+a');
  await editor.press('Backspace');
  await editor.pressSequentially(text);
}

describe('templates', () => {
  it('creates a blank template from the library', async () => {
    const page = maryPage;
    await signUp(page, mary);
    // Mary shares by e-mail below, which needs a verified address.
    const verifyLink = await waitForMailLink(
      baseURL,
      mary.email,
      /\S+\/verify\/email\?mode=verifyEmail&code=\S+/,
    );
    await page.goto(verifyLink);
    await page.getByText('Thank you! Your email address has been verified.').waitFor();
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await signUp(bobPage, bob);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: /^Templates/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    expect(pathname(page)).toBe('/dashboard/templates/list/all');
    // The seeded partner templates are there for everyone.
    await page.getByRole('heading', { level: 2, name: /^Partner templates/ }).waitFor();
    // The drawer counts what the library shows (the partner templates too).
    const library = await api<{ templates: unknown[] }>(
      page,
      'GET',
      '/templates?filter=all&pageSize=100',
    );
    expect(library.templates.length).toBeGreaterThan(0);
    await menu.getByRole('link', { name: `Templates (${library.templates.length})` }).waitFor();
    await page.getByRole('textbox', { name: 'Search templates' }).fill('qqzzxxyy');
    await page.getByText('Your search for "qqzzxxyy" found no results.').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await screenshot(page, 'templates-library', true);

    await page.getByRole('link', { name: /Create a blank template/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Create blank template' }).waitFor();
    const submit = page.getByRole('button', { name: 'Create template' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Template name' }).fill(templateTitle);
    await page
      .getByRole('textbox', { name: 'Abstract' })
      .fill('Terms for consulting work paid by the hour, with a monthly invoice.');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Business' }).click();
    await page.getByRole('combobox', { name: 'Region' }).fill('Finl');
    await page.getByRole('option', { name: 'Finland' }).click();
    await expect.poll(() => submit.isDisabled()).toBe(false);
    // A double click creates one template.
    await submit.dblclick();

    await notice(page, `New template "${templateTitle}" created`).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Edit template' }).waitFor();
    expect(pathname(page)).toMatch(/^\/dashboard\/templates\/edit\/[0-9a-f-]{36}$/);
    editPath = pathname(page);
    await page.getByText('Document is up to date.').waitFor();
    // An editor route: the side menu hides (and floats over the page when opened).
    await menu.waitFor({ state: 'hidden' });
    // A new template has the parties, one section and the signers.
    await expect.poll(() => sectionHeadings(page)).toHaveLength(3);
  });

  it('edits, adds and reorders sections, and adds a content option', async () => {
    const page = maryPage;
    const headings = await sectionHeadings(page);
    const defaultTitle = headings[1]?.replace(/^\d+\s*/, '') ?? '';
    // The text editor's code arrives while Mary is typing the title: her keys stay in the title.
    const editorCode = '**/assets/rich-text-editor-*.js';
    await page.route(editorCode, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: `Edit section ${defaultTitle}` }).click();
    const sectionTitle = page.getByRole('textbox', { name: 'Section title' });
    await sectionTitle.pressSequentially('Scope of work', { delay: 100 });
    await page.getByRole('textbox', { name: /^Text of / }).waitFor();
    expect(await sectionTitle.inputValue()).toBe('Scope of work');
    await page.unroute(editorCode);
    await typeRichText(
      page.getByRole('textbox', { name: /^Text of / }),
      'The consultant advises the client on its contract processes.',
    );
    await saveSection(page);
    await sectionCard(page, /Scope of work/)
      .getByText('The consultant advises the client')
      .waitFor();

    // A new section opens in editing at once.
    await page.getByRole('button', { name: 'Add section', exact: true }).click();
    const title = page.getByRole('textbox', { name: 'Section title' });
    await title.waitFor();
    await title.fill('Fees');
    await typeRichText(
      page.getByRole('textbox', { name: /^Text of Fees/ }),
      'The client pays 120 euros an hour.',
    );
    await saveSection(page);
    await expect
      .poll(() => sectionHeadings(page))
      .toEqual(['Parties', '1 Scope of work', '2 Fees', 'Signatures']);

    // Fees moves up, then Scope of work goes under it.
    await page.getByRole('button', { name: 'More actions for section Fees' }).click();
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    await expect
      .poll(() => sectionHeadings(page))
      .toEqual(['Parties', '1 Fees', '2 Scope of work', 'Signatures']);
    await page.getByRole('button', { name: 'More actions for section Scope of work' }).click();
    await page.getByRole('menuitem', { name: 'Indent' }).click();
    await expect
      .poll(() => sectionHeadings(page))
      .toEqual(['Parties', '1 Fees', '1.1 Scope of work', 'Signatures']);
    // The parties block cannot be moved or indented.
    await page.getByRole('button', { name: 'More actions for section Parties' }).click();
    expect(await page.getByRole('menuitem', { name: 'Indent' }).isDisabled()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Delete section' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    // A second content option, then the default choice moves to it.
    await page.getByRole('button', { name: 'Edit section Fees' }).click();
    await page.getByRole('button', { name: 'Add content option' }).click();
    await typeRichText(
      page.getByRole('textbox', { name: 'Text of Fees, option B' }),
      'The client pays a fixed monthly fee.',
    );
    await page.getByRole('radio', { name: 'Make option B the default choice' }).check();
    await saveSection(page);
    const fees = sectionCard(page, /Fees/);
    await fees.getByText('Option B').waitFor();
    await fees.getByText('The client pays a fixed monthly fee.').waitFor();
    await page.getByText('Document is up to date.').waitFor();
    await screenshot(page, 'template-editor', true);
  });

  it('shares the template with a colleague, who sees it under Shared and sees locks live', async () => {
    const page = maryPage;
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await dialog.getByRole('combobox', { name: 'People by email' }).fill(bob.email);
    await dialog.getByRole('combobox', { name: 'People by email' }).press('Enter');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: 'Shared' }).waitFor();
    const members = dialog.getByRole('list', { name: 'Shared with' });
    await members.getByText(bob.email).waitFor();
    await screenshot(page, 'template-sharing');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await bobPage.goto('/dashboard/templates/list/shared');
    const shared = bobPage.getByRole('region', { name: /^Shared templates/ });
    const card = shared.getByRole('article', { name: templateTitle });
    await card.waitFor();
    await card.getByRole('link', { name: `Edit ${templateTitle}` }).click();
    await bobPage.getByRole('heading', { level: 1, name: 'Edit template' }).waitFor();
    expect(pathname(bobPage)).toBe(editPath);

    // Two more tabs of Bob's, in English and in Finnish, that hear nothing live: they still
    // offer Fees for editing once Mary has it open, and the refusal comes as a code and a name.
    const staleTabs = await Promise.all(
      (['en', 'fi'] as const).map(async (lang) => {
        const tab = await openPage();
        // The live socket opens but carries nothing from the server.
        await tab.routeWebSocket(/\/api\/v1\/live/, () => {});
        await tab.goto('/login');
        await signIn(tab, bob);
        await tab.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
        // The language this browser chose (the app's switch stores it so), kept over reloads.
        await tab.addInitScript(`localStorage.setItem('pactum.lang', '${lang}')`);
        await tab.goto(editPath);
        const edit = lang === 'en' ? 'Edit section Fees' : 'Muokkaa osiota Fees';
        await tab.getByRole('button', { name: edit }).waitFor();
        return { tab, lang, edit };
      }),
    );

    // Mary opens a section; Bob sees her lock without reloading.
    await page.getByRole('button', { name: 'Edit section Fees' }).click();
    await page.getByRole('textbox', { name: 'Section title' }).waitFor();
    const bobFees = sectionCard(bobPage, /Fees/);
    await bobFees.getByText('Locked by Mary Smith').waitFor();
    for (const { tab, lang, edit } of staleTabs) {
      await tab.getByRole('button', { name: edit }).click();
      const refusal = tab.getByRole('alert').filter({
        hasText: lang === 'en' ? 'Locked by Mary Smith' : 'Lukinnut Mary Smith',
      });
      await refusal.waitFor();
      await screenshot(tab, `template-locked-refusal-${lang}`);
      await tab.close();
    }
    expect(await bobPage.getByRole('button', { name: 'Edit section Fees' }).isDisabled()).toBe(
      true,
    );
    // Leaving with the section open asks first; saving lets her go.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByText('You have section "Fees" open in editing.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save and leave' }).click();
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    // The double click on Create template made one template.
    const mine = page.getByRole('region', { name: /^My templates/ });
    await mine.getByRole('article', { name: templateTitle }).waitFor();
    expect(await mine.getByRole('article').count()).toBe(1);
    await expect.poll(() => bobFees.getByText('Locked by Mary Smith').count()).toBe(0);

    // The read-only view has no editing controls and offers a draft.
    await bobPage.getByRole('link', { name: 'View', exact: true }).click();
    await bobPage.getByRole('heading', { level: 1, name: 'View template' }).waitFor();
    await bobPage.getByRole('link', { name: 'Create draft' }).waitFor();
    expect(await bobPage.getByRole('button', { name: /^Edit section/ }).count()).toBe(0);
    await screenshot(bobPage, 'template-view', true);
  });

  it('duplicates a template, gives the copy a coupon code that another user redeems', async () => {
    const page = maryPage;
    const coupon = `consulting-${Date.now().toString(36)}`;
    await page.goto(editPath);
    await page.getByRole('heading', { level: 1, name: 'Edit template' }).waitFor();
    await page.getByRole('button', { name: 'Template menu' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate template' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate template' });
    const copyName = duplicate.getByRole('textbox', { name: 'Name of the copy' });
    expect(await copyName.inputValue()).toMatch(
      new RegExp(`^Copy \\d{4}-\\d{2}-\\d{2} - ${templateTitle}$`),
    );
    await copyName.fill(`${templateTitle} (copy)`);
    await duplicate.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect.poll(() => pathname(page)).not.toBe(editPath);
    const copyPath = pathname(page);
    expect(copyPath).toMatch(/^\/dashboard\/templates\/edit\//);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Template title' }).inputValue())
      .toBe(`${templateTitle} (copy)`);
    await expect
      .poll(() => sectionHeadings(page))
      .toEqual(['Parties', '1 Fees', '1.1 Scope of work', 'Signatures']);

    // The copy gets a coupon code; the same code on the original is refused.
    const setCoupon = async (code: string) => {
      await page.getByRole('button', { name: 'Template menu' }).click();
      await page.getByRole('menuitem', { name: 'Template settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Template settings' });
      await settings.getByRole('textbox', { name: 'Coupon code' }).fill(code);
      await settings.getByRole('button', { name: 'Save' }).click();
      return settings;
    };
    await setCoupon(coupon);
    await notice(page, 'Template settings saved').waitFor();
    await page.goto(editPath);
    await page.getByRole('heading', { level: 1, name: 'Edit template' }).waitFor();
    const settings = await setCoupon(coupon);
    await settings
      .getByText('This coupon code is already in use. Please write another one.')
      .waitFor();
    await settings.getByRole('button', { name: 'Close' }).click();

    // A colleague redeems the code and finds the copy under Shared templates.
    await bobPage.goto('/dashboard/templates/list/all');
    await bobPage.getByRole('button', { name: 'Redeem coupon' }).click();
    const redeem = bobPage.getByRole('dialog', { name: 'Redeem a coupon code' });
    await redeem.getByRole('textbox', { name: 'Coupon code' }).fill(coupon);
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await notice(
      bobPage,
      `You have been granted access to template ${templateTitle} (copy).`,
    ).waitFor();
    const shared = bobPage.getByRole('region', { name: /^Shared templates/ });
    await shared.getByRole('article', { name: `${templateTitle} (copy)` }).waitFor();
  });

  it('tags the template with a tag of the author’s workspace', async () => {
    const page = maryPage;
    // Setup through the API (the workspace journey covers these screens): a card workspace
    // with one tag.
    const tag = `Consulting ${Date.now().toString(36)}`;
    const isTagged = await page.evaluate(
      async ({ email, tag }) => {
        const post = (path: string, body: unknown): Promise<Record<string, string> | null> =>
          fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).then((response) => response.json() as Promise<Record<string, string> | null>);
        const order = await post('/api/v1/workspaces', {
          type: 'card',
          title: 'Mary Consulting',
          billingEmail: email,
          contact: { name: 'Mary Smith', email, phone: '+358401234567' },
          company: { name: 'Mary Consulting Oy' },
          address: { street1: 'Katu 1', zip: '00100', city: 'Helsinki', country: 'fi' },
          confirm: true,
          credits: 1,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
          idempotencyKey: `journey-${Date.now()}`,
        });
        const added = await post(`/api/v1/workspaces/${order?.workspaceId}/tags`, { tag });
        return Boolean(added?.id);
      },
      { email: mary.email, tag },
    );
    expect(isTagged).toBe(true);

    await page.goto(`${editPath}?scrollToTags=true`);
    await page.getByRole('heading', { level: 1, name: 'Edit template' }).waitFor();
    const tagsButton = page.getByRole('button', { name: 'Tags' });
    await tagsButton.click();
    await page.getByRole('menuitemcheckbox', { name: tag }).click();
    await page.keyboard.press('Escape');
    // Saved 500 ms after the last change; still there after a reload.
    await expect.poll(() => tagsButton.textContent()).toContain('1');
    await page.waitForTimeout(1_000);
    await page.reload();
    await tagsButton.click();
    expect(
      await page.getByRole('menuitemcheckbox', { name: tag }).getAttribute('aria-checked'),
    ).toBe('true');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });
});
