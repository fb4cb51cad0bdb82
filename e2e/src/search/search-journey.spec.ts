import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  baseURL,
  createCardWorkspace,
  createNdaDraft,
  pathname,
  screenshot,
  sendToOneReceiver,
  signUpVerified,
  startJourney,
} from '../journey';
import { waitForMailLink } from '../outbox';
import { newPerson } from '../people';

/*
 * The search drawer finds what each person may open, by a Finnish word in any of its forms:
 * Sarah sends Rick an NDA whose first section speaks of a 'kilpailukieltosopimus'; she presses
 * '/', types another form of the word, sees it marked in the excerpt and opens the deal with the
 * keyboard. Rick finds it too on a phone-size screen; Tom, a stranger, finds nothing. Sarah then
 * shares the deal with Tom and takes it back while his drawer still lists it: his click says
 * 'Link to document not found' and the drawer stays.
 */

const TITLE = 'NDA with a non-compete';
/** The word in the section's text (a non-compete agreement), and the form searched for. */
const WORD = 'kilpailukieltosopimus';
const INFLECTED = 'kilpailukieltosopimuksen';
const SECTION_HTML = `<p>Toimittaja sitoutuu tähän ${WORD} koko sopimuskauden ajan.</p>`;
const TAGS = ['Kilpailu', 'Legal', 'Nordics', 'Urgent'];

const sarah = newPerson('sarah', 'search');
const rick = newPerson('rick', 'search');
const tom = newPerson('tom', 'search');

const { errors, openPage } = startJourney();
let sarahPage: Page;
let rickPage: Page;
let tomPage: Page;
let dealId = '';
let workspaceId = '';
/** Every search the browsers asked for (the web must never send one the server refuses). */
const searches: URL[] = [];

beforeAll(async () => {
  sarahPage = await openPage();
  rickPage = await openPage();
  tomPage = await openPage();
  for (const page of [sarahPage, rickPage, tomPage]) {
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/search') searches.push(url);
    });
  }
});

const drawer = (page: Page): Locator => page.getByRole('dialog', { name: 'Search' });
const searchField = (page: Page): Locator =>
  drawer(page).getByRole('combobox', { name: 'Search documents' });
const result = (page: Page, title = TITLE): Locator =>
  drawer(page).getByRole('option', { name: title, exact: true });

async function openHome(page: Page): Promise<void> {
  await page.goto('/dashboard/home');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** Types the query into the open drawer's field and waits for the search it sends. */
async function searchFor(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/search' &&
      new URL(response.url()).searchParams.get('q') === text,
  );
  await searchField(page).fill(text);
  expect((await answered).status()).toBe(200);
}

/**
 * Sarah's NDA: its first section's text names the word, it carries four of her workspace's tags,
 * it goes to Rick, and Rick joins through the invite mail. The deal's id.
 */
async function sendNdaWithWord(): Promise<string> {
  const workspace = await createCardWorkspace(sarahPage, {
    title: 'Search Ltd workspace',
    email: sarah.email,
    contactName: 'Sarah Search',
  });
  workspaceId = workspace.workspaceId;
  const draftId = await createNdaDraft(sarahPage, { title: TITLE, senderName: 'Search Ltd' });
  type Section = {
    id: string;
    number: string;
    title: string;
    content: { id: string }[];
    defaultContentId: string | null;
  };
  const detail = await api<{ sections: Section[] }>(sarahPage, 'GET', `/drafts/${draftId}`);
  const first = detail.sections.find((section) => section.number === '1');
  const option = first?.content[0];
  if (!first || !option) throw new Error('The NDA has no first section to write in.');
  const sectionPath = `/drafts/${draftId}/sections/${first.id}`;
  await api(sarahPage, 'POST', `${sectionPath}/lock`);
  await api(sarahPage, 'PUT', sectionPath, {
    title: first.title,
    content: [{ id: option.id, html: SECTION_HTML }],
    defaultContentId: first.defaultContentId ?? option.id,
  });
  const id = await sendToOneReceiver(sarahPage, {
    draftId,
    workspaceId: workspace.workspaceId,
    receiverEmail: rick.email,
  });
  const tagIds: string[] = [];
  for (const tag of TAGS) {
    const made = await api<{ id: string }>(
      sarahPage,
      'POST',
      `/workspaces/${workspace.workspaceId}/tags`,
      { tag },
    );
    tagIds.push(made.id);
  }
  await api(sarahPage, 'PUT', `/deals/${id}/tags`, { tagIds });

  const invitePath = await waitForMailLink(
    baseURL,
    rick.email,
    /\/document\/invite\/[A-Za-z0-9_-]+/,
  );
  await rickPage.goto(invitePath);
  await rickPage.getByRole('button', { name: 'Join and open' }).click();
  await rickPage.getByRole('button', { name: 'Confirm and open' }).click();
  await rickPage.waitForURL(`**/dashboard/documents/received/${id}`);
  return id;
}

describe('the search drawer', () => {
  it('Sarah sends Rick an NDA that speaks of a kilpailukieltosopimus; Tom signs up too', async () => {
    await Promise.all([
      signUpVerified(sarahPage, sarah),
      signUpVerified(rickPage, rick),
      signUpVerified(tomPage, tom),
    ]);
    dealId = await sendNdaWithWord();
  }, 120_000);

  it('Sarah finds her deal by another form of the word and opens it with the keyboard', async () => {
    await openHome(sarahPage);
    await sarahPage.keyboard.press('/');
    await drawer(sarahPage).waitFor();
    const field = searchField(sarahPage);
    // Focus is in the field: the search starts with the first key.
    const fieldId = await field.getAttribute('id');
    await expect.poll(() => sarahPage.evaluate('document.activeElement?.id')).toBe(fieldId);
    // Two characters are not a search: a hint, and nothing is sent.
    await field.fill('ki');
    await drawer(sarahPage).getByText('Type at least 3 characters').waitFor();

    await searchFor(sarahPage, INFLECTED);
    const row = result(sarahPage);
    await row.waitFor();
    await row.getByText('Deal · Section text · Search Ltd – Receiver Oy').waitFor();
    // The word as the section spells it, highlighted: a <mark>, never HTML from the server.
    const mark = row.locator('mark');
    expect(await mark.allInnerTexts()).toContain(WORD);
    // Three of its four tags, then '+1'.
    for (const tag of TAGS.slice(0, 3)) await row.getByText(tag, { exact: true }).waitFor();
    await row.getByText('+1', { exact: true }).waitFor();
    expect(await row.getByText(TAGS[3] ?? '', { exact: true }).count()).toBe(0);

    // 80 % of a desktop window, from the right.
    const box = await drawer(sarahPage).boundingBox();
    expect(box?.width).toBeCloseTo(1280 * 0.8, 0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeCloseTo(1280, 0);
    await screenshot(sarahPage, 'search-drawer-desktop');

    await field.press('ArrowDown');
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    expect(await field.getAttribute('aria-activedescendant')).toBe(await row.getAttribute('id'));
    await field.press('Enter');
    await sarahPage.waitForURL(`**/dashboard/documents/sent/${dealId}`);
    await drawer(sarahPage).waitFor({ state: 'hidden' });
  });

  it('Ctrl+K reopens her last search; a tag alone filters, Esc closes', async () => {
    await sarahPage.keyboard.press('Control+k');
    await drawer(sarahPage).waitFor();
    const field = searchField(sarahPage);
    expect(await field.inputValue()).toBe(INFLECTED);
    await result(sarahPage).waitFor();

    await field.fill('');
    await drawer(sarahPage).getByText('Type at least 3 characters').waitFor();
    const tags = drawer(sarahPage).getByRole('combobox', { name: 'Tags' });
    await tags.fill('Nordics');
    await tags.press('Enter');
    const row = result(sarahPage);
    await row.waitFor();
    await row.getByText(/^Deal · Tag/).waitFor();

    // The same tag in the archive only: nothing, and the empty state names the tag.
    await drawer(sarahPage).getByRole('button', { name: 'Archive', exact: true }).click();
    await drawer(sarahPage)
      .getByText('Your search for "Nordics" found no results.', { exact: true })
      .waitFor();
    await drawer(sarahPage).getByRole('button', { name: 'All', exact: true }).click();
    await row.waitFor();
    // Without the tag and without words, there is nothing to search.
    await tags.press('Backspace');
    await drawer(sarahPage).getByText('Type at least 3 characters').waitFor();

    await sarahPage.keyboard.press('Escape');
    await drawer(sarahPage).waitFor({ state: 'hidden' });
  });

  it('a long list loads its next page as she reads on; a folder opens as its page', async () => {
    const names = Array.from({ length: 20 }, (_, index) => `sopimusarkisto-${index + 1}`);
    for (const name of names) {
      await api(sarahPage, 'POST', '/archive/folders', { name, workspaceId });
    }
    const pages = (text: string) =>
      searches
        .filter((url) => url.searchParams.get('q') === text)
        .map((url) => url.searchParams.get('page'));

    await sarahPage.keyboard.press('Control+k');
    await drawer(sarahPage).waitFor();
    await searchFor(sarahPage, 'sopimusarkistot');
    const options = drawer(sarahPage).getByRole('option');
    await expect.poll(() => options.count()).toBe(15);
    await options.first().getByText('Folder · Name').waitFor();
    expect((await options.first().locator('mark').innerText()).toLowerCase()).toContain(
      'sopimusarkisto',
    );
    // The rows on screen are not yet 75 % of those loaded: no second page is asked for.
    expect(pages('sopimusarkistot')).toEqual(['1']);

    // Reading down with the keyboard past the 12th row fetches the rest.
    const field = searchField(sarahPage);
    for (let step = 0; step < 13; step += 1) await field.press('ArrowDown');
    await expect.poll(() => options.count()).toBe(20);
    expect(pages('sopimusarkistot')).toEqual(['1', '2']);
    await screenshot(sarahPage, 'search-drawer-many');

    const active = options.nth(12);
    await expect.poll(() => active.getAttribute('aria-selected')).toBe('true');
    const name = (await active.getByRole('paragraph').first().textContent()) ?? '';
    await field.press('Enter');
    await sarahPage.waitForURL(/\/dashboard\/account\/archive\/[0-9a-f-]{36}$/);
    await drawer(sarahPage).waitFor({ state: 'hidden' });
    await sarahPage.getByRole('heading', { name, exact: true }).waitFor();
  });

  it('Rick, the receiver, finds it too on a phone-size screen and opens it by a tap', async () => {
    await rickPage.setViewportSize({ width: 390, height: 844 });
    await openHome(rickPage);
    await rickPage.getByRole('button', { name: 'Search', exact: true }).click();
    await drawer(rickPage).waitFor();
    await searchFor(rickPage, INFLECTED);
    const row = result(rickPage);
    await row.waitFor();
    expect(await row.locator('mark').allInnerTexts()).toContain(WORD);
    // Sarah's workspace tags are hers: Rick sees none of them.
    expect(await row.getByText('Legal', { exact: true }).count()).toBe(0);
    const box = await drawer(rickPage).boundingBox();
    expect(box?.width).toBeCloseTo(390, 0);
    await screenshot(rickPage, 'search-drawer-narrow');

    await row.click();
    await rickPage.waitForURL(`**/dashboard/documents/received/${dealId}`);
    await drawer(rickPage).waitFor({ state: 'hidden' });
  });

  it('Tom, who may open nothing of it, finds nothing', async () => {
    await openHome(tomPage);
    await tomPage.keyboard.press('/');
    await searchFor(tomPage, INFLECTED);
    await drawer(tomPage)
      .getByText(`Your search for "${INFLECTED}" found no results.`, { exact: true })
      .waitFor();
    expect(await drawer(tomPage).getByRole('option').count()).toBe(0);
    await screenshot(tomPage, 'search-drawer-empty');
    await tomPage.keyboard.press('Escape');
    await drawer(tomPage).waitFor({ state: 'hidden' });
  });

  it('a hit Tom lost after the search says Link to document not found', async () => {
    const shared = await api<{ entries: { id: string; role: string }[] }>(
      sarahPage,
      'POST',
      `/deals/${dealId}/access`,
      { emails: [tom.email], role: 'view' },
    );
    const tomEntry = shared.entries.find((entry) => entry.role === 'view');
    expect(tomEntry).toBeDefined();

    // Reopened, the drawer asks its last search again: now it is there.
    await tomPage.getByRole('button', { name: 'Search', exact: true }).click();
    const row = result(tomPage);
    await row.waitFor();
    await row.getByText(/^Deal · Section text/).waitFor();

    await api(sarahPage, 'DELETE', `/deals/${dealId}/access/${tomEntry?.id}`);
    const before = pathname(tomPage);
    await row.click();
    await drawer(tomPage)
      .getByRole('alert')
      .filter({ hasText: 'Link to document not found' })
      .waitFor();
    expect(pathname(tomPage)).toBe(before);
    await drawer(tomPage).waitFor();
    await screenshot(tomPage, 'search-drawer-link-not-found');
  });

  it('in Finnish the drawer speaks Finnish', async () => {
    await tomPage.keyboard.press('Escape');
    await drawer(tomPage).waitFor({ state: 'hidden' });
    await tomPage.getByRole('combobox', { name: 'Language' }).click();
    await tomPage.getByRole('option', { name: 'Suomi' }).click();
    await tomPage.getByRole('button', { name: 'Haku', exact: true }).click();
    const haku = tomPage.getByRole('dialog', { name: 'Haku' });
    await haku.getByRole('combobox', { name: 'Hae asiakirjoista' }).fill('');
    await haku.getByText('Kirjoita vähintään 3 merkkiä').waitFor();
    await haku.getByRole('combobox', { name: 'Hae asiakirjoista' }).fill('olematonsana');
    await haku.getByText('Hakusi ”olematonsana” ei tuottanut tuloksia.', { exact: true }).waitFor();

    // No search the web sent was one the server refuses.
    expect(searches.length).toBeGreaterThan(0);
    for (const url of searches) {
      const query = url.searchParams.get('q') ?? '';
      expect([...query.trim()].length >= 3 || url.searchParams.has('tag')).toBe(true);
    }
    expect(errors).toEqual([]);
  });
});
