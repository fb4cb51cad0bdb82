import { describe, expect, it } from 'vitest';
import { addressLine, autofilledSender } from './autofill';

describe('autofilledSender', () => {
  const address = {
    street1: 'Mannerheimintie 1',
    zip: '00100',
    city: 'Helsinki',
    country: 'Finland',
  };

  it('fills an unnamed sender from the company details', () => {
    expect(
      autofilledSender(
        { type: 'person', name: ' ' },
        { name: 'Acme Oy', vat: '1234567-8' },
        address,
      ),
    ).toEqual({
      type: 'business',
      name: 'Acme Oy',
      vat: '1234567-8',
      address: 'Mannerheimintie 1, 00100 Helsinki, Finland',
    });
  });

  it('leaves a named sender alone, and does nothing without a company name', () => {
    expect(autofilledSender({ type: 'business', name: 'Beta' }, { name: 'Acme' }, {})).toBe(
      undefined,
    );
    expect(autofilledSender({ type: 'business', name: '' }, { vat: '1' }, address)).toBe(undefined);
  });

  it('writes only the parts of the address that exist', () => {
    expect(addressLine({ city: 'Oulu' })).toBe('Oulu');
    expect(addressLine({})).toBe('');
  });
});
