import { randomUUID } from 'node:crypto';
import type { CreateWorkspace } from '@pactum/core/billing';
import { TEST_CARDS } from '../platform/payments/test-processor';

/** A card of the built-in test processor (`TEST_CARDS`), valid for years to come. */
export const testCard = (number: string = TEST_CARDS.success) => ({
  number,
  expMonth: 12,
  expYear: 2035,
  cvc: '123',
});

/**
 * The body of `POST /workspaces` for a Swedish card workspace that buys `credits` with the
 * test card that pays; a fresh idempotency key each time.
 */
export function cardWorkspaceOrder(
  overrides: Partial<Record<string, unknown>> = {},
  country = 'se',
): CreateWorkspace {
  return {
    type: 'card',
    title: 'Acme workspace',
    currency: 'EUR',
    billingEmail: 'billing@acme.test',
    contact: { name: 'Ann Acme', email: 'ann@acme.test', phone: '+46701234567' },
    // Typed loosely, as people do: the server normalises it to SE556012340101.
    company: { name: 'Acme AB', vat: ' se 5560-1234.01 ', department: '', costcenter: '', www: '' },
    address: {
      street1: 'Gatan 1',
      street2: '',
      zip: '11122',
      city: 'Stockholm',
      state: '',
      country,
    },
    confirm: true,
    credits: 5,
    card: testCard(),
    idempotencyKey: randomUUID(),
    ...overrides,
  } as CreateWorkspace;
}

/**
 * The body of `POST /workspaces` for an invoice workspace of `licences` seats ordering `credits`
 * (it waits for an admin's review); no card and no idempotency key. `overrides` add the rest
 * (an e-invoice address, a title).
 */
export function invoiceWorkspaceOrder(
  options: { credits: number; licences: number; country?: string },
  overrides: Partial<Record<string, unknown>> = {},
): CreateWorkspace {
  return cardWorkspaceOrder(
    {
      type: 'invoice',
      credits: options.credits,
      licences: options.licences,
      card: undefined,
      idempotencyKey: undefined,
      ...overrides,
    },
    options.country,
  );
}
