import { describe, expect, it } from 'vitest';
import {
  annualTotal,
  createWorkspaceSchema,
  isEuVatCountry,
  normaliseVat,
  priceCredits,
  seatPrice,
} from './billing';

describe('credit prices', () => {
  it('prices by tier in minor units, with 24 % tax only for Finnish buyers', () => {
    expect(priceCredits(5, 'EUR', 'se')).toMatchObject({
      unitPrice: 1200,
      subtotal: 6000,
      taxPrc: 0,
      purchaseTotal: 6000,
    });
    expect(priceCredits(10, 'EUR', 'FI')).toMatchObject({
      unitPrice: 1000,
      taxPrc: 24,
      taxAmount: 2400,
      purchaseTotal: 12_400,
    });
    expect(priceCredits(200, 'USD', 'us').unitPrice).toBe(700);
    expect(priceCredits(49, 'SEK', 'se').unitPrice).toBe(11_500);
  });
});

describe('licences', () => {
  it('prices seats by tier; the annual total is 12 x seats x seat price', () => {
    expect(seatPrice(1)).toBe(39);
    expect(seatPrice(4)).toBe(35);
    expect(annualTotal(2)).toBe(12 * 2 * 39);
  });
});

describe('the order form', () => {
  it('upper-cases and strips VAT ids, and knows the EU VAT countries', () => {
    expect(normaliseVat(' fi 1234567-8 ')).toBe('FI1234567-8');
    expect(normaliseVat('se.556#012')).toBe('SE.556012');
    expect(isEuVatCountry('FI')).toBe(true);
    expect(isEuVatCountry('us')).toBe(false);
  });

  it('needs 50 credits or more for invoice payment, and 1 to 10 licences', () => {
    const base = {
      type: 'invoice',
      title: 'W',
      billingEmail: 'b@example.test',
      contact: { name: 'C', email: 'c@example.test', phone: '' },
      company: { name: 'Co' },
      address: { street1: 'S', zip: '1', city: 'C', country: 'fi' },
      confirm: true,
    };
    const few = createWorkspaceSchema.safeParse({ ...base, credits: 49, licences: 1 });
    expect(few.success).toBe(false);
    expect(few.error?.issues[0]?.message).toBe('Invoice (50 credits or more)');
    expect(createWorkspaceSchema.safeParse({ ...base, credits: 50, licences: 11 }).success).toBe(
      false,
    );
    expect(createWorkspaceSchema.safeParse({ ...base, credits: 50, licences: 10 }).success).toBe(
      true,
    );
  });
});
