import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { waitForMailLink } from './outbox';
import { type Person, signUp } from './people';

/** The app's address, started by the global set-up. */
export const baseURL = inject('baseUrl');
/** Where journeys leave their screenshots (e2e/.tmp/). */
export const screenshotDir = fileURLToPath(new URL('../.tmp/', import.meta.url));

/**
 * E2E_CPU_THROTTLE=4 runs every page's scripts four times slower (Chromium's CPU throttling),
 * to find steps that only pass on a fast machine.
 */
const cpuThrottle = Number(process.env.E2E_CPU_THROTTLE ?? 1);

/** How a person's browser is set: downloads kept, and motion as their system asks (reduced by default). */
export type PageOptions = {
  acceptDownloads?: boolean;
  reducedMotion?: 'reduce' | 'no-preference';
};

export type Journey = {
  /**
   * Uncaught script errors and console errors (a refused Content Security Policy, a React
   * warning) on any page of the journey. The browser's own note of an API answer in the 4xx
   * range is left out: those are the app's refusals, which the journeys provoke on purpose.
   */
  errors: Error[];
  /** A new person's browser: a fresh profile on the app, its script errors collected. */
  openPage(options?: PageOptions): Promise<Page>;
};

/**
 * The browser of one journey (a spec file): launched before its tests, closed with every
 * page it opened after them. Call it once at the top of the spec, before its own hooks.
 */
export function startJourney(): Journey {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errors: Error[] = [];
  /** Each page's recent trouble (failed API calls, console errors), for a failure report. */
  const trouble = new Map<Page, string[]>();

  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(screenshotDir, { recursive: true });
  });

  // A failed step says what the browsers showed: where each page was, its alerts and toasts,
  // the API calls that failed and the console errors, with a picture of each page.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    let index = 0;
    for (const [page, lines] of trouble) {
      index += 1;
      if (page.isClosed()) continue;
      const notices = await page
        .getByRole('alert')
        .or(page.getByRole('status'))
        .or(page.getByRole('dialog'))
        .allInnerTexts()
        .catch(() => []);
      console.error(
        [
          `Page ${index} at ${page.url()}`,
          `  shows: ${JSON.stringify(notices.map((text) => text.slice(0, 200)))}`,
          ...lines.map((line) => `  ${line}`),
        ].join('\n'),
      );
      await page
        .screenshot({ path: `${screenshotDir}failed-${name}-${index}.png` })
        .catch(() => undefined);
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function openPage(options: PageOptions = {}): Promise<Page> {
    if (!browser) throw new Error('The journey opens pages from its beforeAll on.');
    const context = await newContext(browser, { baseURL, ...options });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error));
    const lines: string[] = [];
    trouble.set(page, lines);
    const note = (line: string) => {
      lines.push(`${new Date().toISOString()} ${line}`);
      if (lines.length > 30) lines.shift();
    };
    // Every change the page asks of the API, and how it ended: a step that waits for the
    // answer of a click then shows whether the request left at all.
    const isChange = (method: string) => method !== 'GET' && method !== 'HEAD';
    page.on('request', (request) => {
      if (isChange(request.method())) note(`sent ${request.method()} ${request.url()}`);
    });
    page.on('requestfailed', (request) => {
      note(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400 || isChange(response.request().method())) {
        note(`${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      note(`console: ${text.slice(0, 300)}`);
      if (!isExpectedRefusal(text))
        errors.push(new Error(`console error on ${page.url()}: ${text}`));
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
    });
    if (cpuThrottle > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    }
    return page;
  }

  return { errors, openPage };
}

/** Chromium's console line for a failed request: expected for the API's 4xx refusals. */
const isExpectedRefusal = (text: string) =>
  /^Failed to load resource: the server responded with a status of 4\d\d\b/.test(text);

export const pathname = (page: Page) => new URL(page.url()).pathname;

/** A toast (or any status or alert) with this text. */
export const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });

/**
 * Moves the server's scheduler clock (test builds only; `POST /dev/clock`). A journey that
 * does runs on the clock lane (scripts/test.mjs) and puts it back (`reset`) when it ends.
 */
export async function moveClock(body: { advanceMs: number } | { reset: true }): Promise<void> {
  const response = await fetch(`${baseURL}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`POST /dev/clock answered ${response.status}: ${await response.text()}`);
  }
}

/** Journeys picture their screens only when asked (E2E_SCREENSHOTS=1); a failed step always is. */
const picturesWanted = process.env.E2E_SCREENSHOTS === '1';

/**
 * A picture of the page in e2e/.tmp/ when E2E_SCREENSHOTS=1, else nothing. `isWhole` pictures
 * all of it in a window as tall as the page, as a full-page screenshot would stitch the fixed
 * app bar and menu into the middle.
 */
export async function screenshot(page: Page, name: string, isWhole = false): Promise<void> {
  if (!picturesWanted) return;
  const viewport = page.viewportSize();
  if (isWhole && viewport) {
    const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
    await page.setViewportSize({
      width: viewport.width,
      height: Math.max(height, viewport.height),
    });
  }
  // Let transitions (tabs, dialogs, toasts) settle before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${screenshotDir}${name}.png` });
  if (isWhole && viewport) await page.setViewportSize(viewport);
}

/**
 * Clicks a button whose click sends a request at once, and waits until the request has left. A
 * click that a moving layout made land beside the button sends nothing, so it is clicked again
 * (at most three times); a click that did send is never repeated.
 */
export async function clickToSend(
  page: Page,
  button: Locator,
  request: { method: string; path: RegExp },
): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const sent = page
      .waitForRequest(
        (candidate) =>
          candidate.method() === request.method &&
          request.path.test(new URL(candidate.url()).pathname),
        { timeout: 5_000 },
      )
      .then(() => true)
      .catch(() => false);
    await button.click();
    if (await sent) return;
  }
  throw new Error(`Three clicks sent no ${request.method} ${request.path}`);
}

/** An API call from the person's browser (their session cookie, our Origin). */
export async function api<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { origin: baseURL },
    ...(data !== undefined ? { data } : {}),
  });
  if (!response.ok()) {
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A draft of the NDA template titled `title`, sent by `senderName`: its id. */
export async function createNdaDraft(
  page: Page,
  options: { title: string; senderName: string },
): Promise<string> {
  const draft = await api<{ id: string }>(page, 'POST', `/templates/${NDA_TEMPLATE_ID}/drafts`);
  await api(page, 'PATCH', `/drafts/${draft.id}`, {
    title: options.title,
    parties: {
      sender: { type: 'business', name: options.senderName },
      receiver: { type: 'business', name: '' },
    },
  });
  return draft.id;
}

/**
 * Names 'Receiver Oy' with `receiverEmail` as the draft's one receiver, sends it for negotiation
 * from `workspaceId` and waits for the send job: the id of the deal it made.
 */
export async function sendToOneReceiver(
  page: Page,
  options: { draftId: string; workspaceId: string; receiverEmail: string },
): Promise<string> {
  const { draftId } = options;
  await api(page, 'PUT', `/drafts/${draftId}/receivers`, {
    receivers: [
      { party: { type: 'business', name: 'Receiver Oy' }, emails: [options.receiverEmail] },
    ],
  });
  await api(page, 'POST', `/drafts/${draftId}/send`, {
    workspaceId: options.workspaceId,
    dealProcess: 'negotiate',
    isConfirmed: true,
  });
  await expect
    .poll(async () => (await api<{ step: string }>(page, 'GET', `/drafts/${draftId}/queue`)).step, {
      timeout: 30_000,
      interval: 500,
    })
    .toBe('done');
  const { deals } = await api<{ deals: { id: string }[] }>(page, 'GET', `/drafts/${draftId}/deals`);
  const dealId = deals[0]?.id ?? '';
  expect(dealId).not.toBe('');
  return dealId;
}

/** Signs `person` up on `page` and proves the address with the link mailed at sign-up. */
export async function signUpVerified(page: Page, person: Person): Promise<void> {
  await signUp(page, person);
  const link = await waitForMailLink(
    baseURL,
    person.email,
    /\S+\/verify\/email\?mode=verifyEmail&code=\S+/,
  );
  await page.goto(link);
  await page.getByText('Thank you! Your email address has been verified.').waitFor();
}

/** The seeded partner NDA every journey can make a draft of. */
export const NDA_TEMPLATE_ID = '00000000-0000-4000-8000-0000000000b1';

/**
 * The sender (signed in on `senderPage`) sends an NDA titled `title` from their party
 * `senderName` and `workspaceId` to `receiverEmail`; the receiver (signed in on `receiverPage`)
 * opens the invite mail's link and joins. The deal's id.
 */
export async function sendNdaAndJoin(
  senderPage: Page,
  receiverPage: Page,
  options: { title: string; senderName: string; workspaceId: string; receiverEmail: string },
): Promise<string> {
  const draftId = await createNdaDraft(senderPage, options);
  const dealId = await sendToOneReceiver(senderPage, {
    draftId,
    workspaceId: options.workspaceId,
    receiverEmail: options.receiverEmail,
  });
  const invitePath = await waitForMailLink(
    baseURL,
    options.receiverEmail,
    /\/document\/invite\/[A-Za-z0-9_-]+/,
  );
  await receiverPage.goto(invitePath);
  await receiverPage.getByRole('button', { name: 'Join and open' }).click();
  await receiverPage.getByRole('button', { name: 'Confirm and open' }).click();
  await receiverPage.waitForURL(`**/dashboard/documents/received/${dealId}`);
  return dealId;
}

/**
 * The party signed in on `page` agrees, on the deal page, to every section it is offered to
 * agree to, one at a time, as a person would. Then the other party may start signing: signing
 * starts only once the other party has agreed to every section whose latest version is the
 * starter's.
 */
export async function agreeEverySection(page: Page, dealId: string): Promise<void> {
  await page.goto(`/dashboard/documents/deals/${dealId}`);
  const agree = page.getByRole('button', { name: 'Agree', exact: true });
  await agree.first().waitFor();
  for (let left = await agree.count(); left > 0; left -= 1) {
    await agree.first().click();
    await expect.poll(() => agree.count()).toBe(left - 1);
  }
}

/**
 * A card workspace of the person signed in on `page`, paid with the test processor's 4242
 * card, holding `credits` (the workspace journey orders one through the form; others need one).
 */
export function createCardWorkspace(
  page: Page,
  options: { title: string; email: string; contactName: string; credits?: number },
): Promise<{ workspaceId: string }> {
  const expiryYear = 2000 + ((new Date().getFullYear() + 3) % 100);
  return api<{ workspaceId: string }>(page, 'POST', '/workspaces', {
    type: 'card',
    title: options.title,
    currency: 'EUR',
    billingEmail: options.email,
    contact: { name: options.contactName, email: options.email, phone: '+358401234567' },
    company: { name: 'Sender Ltd', vat: '', department: '', costcenter: '', www: '' },
    address: {
      street1: 'Katu 1',
      street2: '',
      zip: '00100',
      city: 'Helsinki',
      state: '',
      country: 'se',
    },
    confirm: true,
    credits: options.credits ?? 5,
    card: { number: '4242424242424242', expMonth: 12, expYear: expiryYear, cvc: '123' },
    idempotencyKey: `e2e-${options.email}-${Date.now()}`,
  });
}
