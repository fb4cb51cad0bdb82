import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createCardWorkspace,
  NDA_TEMPLATE_ID,
  screenshot,
  sendToOneReceiver,
  startJourney,
} from '../journey';
import { newPerson, signUp } from '../people';

/**
 * How users reach support (issue 17): the drawer's Knowledge base entry and the trashed deal's
 * banner show what the operator configured, and nothing when nothing is. The journeys' one
 * server has no support settings; the configured case answers GET /api/v1/support as a server
 * with SUPPORT_EMAIL and SUPPORT_HELP_URL does (the API test checks that server's answer).
 */

const sam = newPerson('sam', 'sender');
const configured = {
  email: 'help@pactum.example',
  helpUrl: 'https://help.pactum.example/kb',
  chatScriptUrl: null,
};

const { errors, openPage } = startJourney();
let page: Page;
let dealId = '';

beforeAll(async () => {
  page = await openPage();
});

const menu = (on: Page) => on.getByRole('navigation', { name: 'Main menu' });
const trashedBanner = (on: Page) =>
  on.getByRole('alert').filter({ hasText: 'This document is trashed.' });

/** Opens the dashboard and waits for the drawer's last fixed entry. */
async function openDashboard(on: Page): Promise<void> {
  await on.goto('/dashboard/home');
  await on.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await menu(on)
    .getByRole('link', { name: /^Workspaces/ })
    .waitFor();
}

describe('support contact', () => {
  it('Sam sends a deal and trashes it', async () => {
    await signUp(page, sam);
    const workspace = await createCardWorkspace(page, {
      title: 'Support test workspace',
      email: sam.email,
      contactName: 'Sam Sender',
    });
    const draft = await api<{ id: string }>(page, 'POST', `/templates/${NDA_TEMPLATE_ID}/drafts`);
    await api(page, 'PATCH', `/drafts/${draft.id}`, {
      title: 'NDA to recover',
      parties: {
        sender: { type: 'business', name: 'Sender Ltd' },
        receiver: { type: 'business', name: '' },
      },
    });
    dealId = await sendToOneReceiver(page, {
      draftId: draft.id,
      workspaceId: workspace.workspaceId,
      receiverEmail: newPerson('rita', 'receiver').email,
    });
    await api(page, 'POST', `/deals/${dealId}/trash`);
  });

  it('points at nothing when the operator configured no support', async () => {
    expect(await api(page, 'GET', '/support')).toEqual({
      email: null,
      helpUrl: null,
      chatScriptUrl: null,
    });
    await openDashboard(page);
    expect(
      await menu(page)
        .getByRole('link', { name: /Knowledge base/ })
        .count(),
    ).toBe(0);

    await page.goto(`/dashboard/documents/sent/${dealId}`);
    await trashedBanner(page).waitFor();
    expect((await trashedBanner(page).innerText()).trim()).toBe('This document is trashed.');
    expect(await trashedBanner(page).getByRole('link').count()).toBe(0);

    // The old 'Coming soon' page is gone.
    await page.goto('/dashboard/knowledge-base');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('offers the configured e-mail and help pages', async () => {
    await page.route('**/api/v1/support', (route) => route.fulfill({ json: configured }));
    try {
      await openDashboard(page);
      const knowledgeBase = menu(page).getByRole('link', { name: /Knowledge base/ });
      await knowledgeBase.waitFor();
      expect(await knowledgeBase.getAttribute('href')).toBe(configured.helpUrl);
      expect(await knowledgeBase.getAttribute('target')).toBe('_blank');
      expect(await knowledgeBase.getAttribute('rel')).toContain('noopener');
      await screenshot(page, 'support-contact-drawer');

      await page.goto(`/dashboard/documents/sent/${dealId}`);
      const banner = trashedBanner(page);
      await banner.getByText('To recover it, contact Pactum support.').waitFor();
      const email = banner.getByRole('link', { name: 'E-mail support (help@pactum.example)' });
      expect(await email.getAttribute('href')).toBe('mailto:help@pactum.example');
      const help = banner.getByRole('link', { name: /^Open help/ });
      expect(await help.getAttribute('href')).toBe(configured.helpUrl);
      expect(await help.getAttribute('target')).toBe('_blank');
      await screenshot(page, 'support-contact-trashed');
    } finally {
      await page.unroute('**/api/v1/support');
    }
    expect(errors).toEqual([]);
  });
});
