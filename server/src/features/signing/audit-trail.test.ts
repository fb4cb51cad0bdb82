import { auditEventText } from '@pactum/core/document-events';
import type { SigningView } from '@pactum/core/signing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';

/* The audit trail of the signing view names negotiation events with their sections. */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [sender, receiver] = await Promise.all([createUser(t.platform), createUser(t.platform)]);
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);

describe('the audit trail of the signing view', () => {
  it('names each section event by the section’s number and title, in words', async () => {
    const { deal, sections } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
    });
    const [, , payment, term] = sections;
    if (!payment || !term) throw new Error('sections not made');
    const url = `/deals/${deal.id}/sections/${payment.id}`;
    expect((await api('POST', `${url}/lock`, receiver)).statusCode).toBe(200);
    const saved = await api('PUT', url, receiver, {
      title: 'Payment terms',
      html: '<p>Invoices are paid in 14 days.</p>',
      baseLogLength: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect((await api('POST', `${url}/agree`, sender, { baseLogLength: 2 })).statusCode).toBe(200);
    const removed = await api('DELETE', `/deals/${deal.id}/sections/${term.id}`, sender);
    expect(removed.statusCode).toBe(204);

    const response = await api('GET', `/deals/${deal.id}/signing`, sender);
    expect(response.statusCode).toBe(200);
    const view = response.json() as SigningView;
    const lines = view.events.map((event) => auditEventText(event, 'en'));
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^New version of a section: 2 Payment terms — /),
        expect.stringMatching(/^Section agreed: 2 Payment terms — /),
        // A removed section has no number any more; its title stays.
        expect.stringMatching(/^Section removed: Term — /),
      ]),
    );
    const finnish = view.events.map((event) => auditEventText(event, 'fi'));
    expect(finnish).toContainEqual(expect.stringMatching(/^Kohta hyväksytty: 2 Payment terms — /));
    for (const line of [...lines, ...finnish]) expect(line).not.toMatch(/\bsection-/);
  });
});
