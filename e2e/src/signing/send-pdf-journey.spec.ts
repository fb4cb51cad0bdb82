import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createCardWorkspace, startJourney } from '../journey';
import { waitForMailLink } from '../outbox';
import { onePagePdf } from '../pdf';
import { newPerson, signUp } from '../people';

/*
 * Send & Sign PDF: Sarah uploads a PDF, names both parties and their signers, picks her
 * workspace, confirms and sends; the deal opens in signing at once and the signers get links.
 */

const sarah = newPerson('sarah', 'pdfsender');
const rick = newPerson('rick', 'pdfreceiver');

const { errors, openPage } = startJourney();
let page: Page;

beforeAll(async () => {
  page = await openPage();
});

describe('Send & Sign PDF', () => {
  it('sends an uploaded PDF for signing from the form', async () => {
    await signUp(page, sarah);
    await createCardWorkspace(page, {
      title: 'PDF sender workspace',
      email: sarah.email,
      contactName: 'Sarah Sender',
    });

    await page.goto('/dashboard/send-pdf');
    await page.getByRole('heading', { level: 1, name: 'Send & Sign PDF' }).waitFor();
    await page.getByLabel('Choose PDF').setInputFiles({
      name: 'lease.pdf',
      mimeType: 'application/pdf',
      buffer: onePagePdf('Lease agreement'),
    });
    await page.getByText('lease.pdf · uploaded').waitFor();
    await page.getByRole('textbox', { name: 'Document name' }).fill('Lease agreement');
    for (const [party, company, person, phone] of [
      ['Sender', 'Landlord Oy', sarah, '+358401112222'],
      ['Receiver', 'Tenant Ab', rick, '+358403334444'],
    ] as const) {
      const section = page.getByRole('region', { name: party, exact: true });
      await section.getByRole('textbox', { name: 'Company name' }).fill(company);
      const signer = section.getByRole('group', { name: 'Signer 1' });
      await signer.getByRole('textbox', { name: 'First name' }).fill(person.firstname);
      await signer.getByRole('textbox', { name: 'Last name' }).fill(person.lastname);
      await signer.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
      await signer.getByRole('textbox', { name: 'Phone' }).fill(phone);
    }
    // The form is kept for Sarah: after a reload it is all there, the uploaded PDF too.
    await page.waitForTimeout(1500);
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Document name' }).inputValue())
      .toBe('Lease agreement');
    await page.getByText('lease.pdf · uploaded').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Receiver', exact: true })
          .getByRole('textbox', { name: 'E-mail' })
          .inputValue(),
      )
      .toBe(rick.email);
    // Rick's address shares Sarah's domain (example.com): the form warns.
    await page
      .getByText("A receiver's e-mail has the same domain as yours.", { exact: false })
      .waitFor();
    // Without a workspace the form says so.
    await page.getByRole('button', { name: 'Send for signing' }).click();
    await page
      .getByText('Please select workspace before sending. Workspace is not selected.')
      .waitFor();
    await page.getByRole('combobox', { name: 'Workspace' }).click();
    await page.getByRole('option', { name: 'PDF sender workspace' }).click();
    await page.getByRole('checkbox', { name: /I have checked the document/ }).check();
    await page.getByRole('button', { name: 'Send for signing' }).click();

    await page.waitForURL(/\/dashboard\/documents\/deals\/[0-9a-f-]+\/sign$/);
    await page
      .getByText('This document is now ready for signing and waiting for signatures.')
      .waitFor();
    await page.getByText('Waiting for signatures: 0 of 2 signed.').waitFor();
    await page.getByRole('link', { name: 'Open the PDF' }).waitFor();
    await waitForMailLink(baseURL, rick.email, /\/document\/sign\/[A-Za-z0-9_-]{22}/);
    expect(errors).toEqual([]);
  });
});
