import { buyCreditsSchema, createWorkspaceSchema } from '@pactum/core/billing';
import { describe, expect, it } from 'vitest';
import type { Me } from '../auth';
import {
  KEY_PLACEHOLDER,
  newOrderValues,
  type OrderFormValues,
  toBuyRequest,
  toOrderRequest,
} from './order-values';

const me = {
  name: 'Mary Smith',
  email: 'mary@example.com',
  phone: '+358401234567',
  company: { name: 'Acme Oy', vat: 'fi 1234567-8' },
  address: { street1: 'Street 1', zip: '00100', city: 'Helsinki', country: 'FI' },
} as Me;

function filled(overrides: Partial<OrderFormValues> = {}): OrderFormValues {
  return { ...newOrderValues(me), title: 'Acme', confirm: true, ...overrides };
}

describe('newOrderValues', () => {
  it('fills the order in from the user, as an invoice order of 50 credits', () => {
    const values = newOrderValues(me);
    expect(values.type).toBe('invoice');
    expect(values.credits).toBe(50);
    expect(values.contact).toEqual({
      name: 'Mary Smith',
      email: 'mary@example.com',
      phone: '+358401234567',
    });
    expect(values.address.country).toBe('fi');
    expect(values.company.name).toBe('Acme Oy');
  });

  it('leaves a country that cannot be invoiced for the user to choose', () => {
    expect(
      newOrderValues({ ...me, address: { ...me.address, country: 'France' } }).address.country,
    ).toBe('');
  });
});

describe('toOrderRequest', () => {
  it('makes an invoice order the shared schema accepts, VAT id normalised', () => {
    const request = toOrderRequest(
      filled({ einvoice: { address: '003712345678', ovtbic: 'OKOYFIHH' } }),
      KEY_PLACEHOLDER,
    );
    const parsed = createWorkspaceSchema.parse(request);
    expect(parsed).toMatchObject({
      type: 'invoice',
      licences: 1,
      credits: 50,
      company: { vat: 'FI1234567-8' },
      einvoice: { address: '003712345678', ovtbic: 'OKOYFIHH' },
    });
    expect('card' in parsed).toBe(false);
  });

  it('sends no e-invoice address outside EU VAT countries', () => {
    const values = filled({ einvoice: { address: 'x', ovtbic: 'y' } });
    const request = toOrderRequest(
      { ...values, address: { ...values.address, country: 'us' } },
      KEY_PLACEHOLDER,
    );
    expect(request.type === 'invoice' && request.einvoice).toEqual({ address: '', ovtbic: '' });
  });

  it('refuses an invoice order under 50 credits and an unconfirmed one', () => {
    const result = createWorkspaceSchema.safeParse(
      toOrderRequest(filled({ credits: 10, confirm: false }), KEY_PLACEHOLDER),
    );
    const messages = result.error?.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .sort();
    expect(messages).toEqual(['confirm: v:required', 'credits: Invoice (50 credits or more)']);
  });

  it('makes a card order with the card and the key', () => {
    const request = toOrderRequest(
      filled({
        type: 'card',
        credits: 10,
        card: { number: '4242 4242 4242 4242', expMonth: '12', expYear: '35', cvc: '123' },
      }),
      'key-12345678',
    );
    expect(createWorkspaceSchema.parse(request)).toMatchObject({
      type: 'card',
      credits: 10,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
      idempotencyKey: 'key-12345678',
    });
  });
});

describe('toBuyRequest', () => {
  it('makes a purchase the shared schema accepts only when confirmed', () => {
    const card = { number: '4000 0000 0000 3220', expMonth: '1', expYear: '30', cvc: '999' };
    expect(
      buyCreditsSchema.safeParse(toBuyRequest({ credits: 5, card, confirm: true }, KEY_PLACEHOLDER))
        .success,
    ).toBe(true);
    expect(
      buyCreditsSchema.safeParse(
        toBuyRequest({ credits: 5, card, confirm: false }, KEY_PLACEHOLDER),
      ).success,
    ).toBe(false);
  });
});
