import { describe, expect, it } from 'vitest';
import {
  forgetPayment,
  PAYMENT_CONTINUE_KEY,
  type PaymentContinue,
  readPayment,
  rememberPayment,
} from './payment-continue';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const kept: PaymentContinue = {
  paymentId: 'p-1',
  workspaceId: 'w-1',
  returnTo: '/dashboard/account/workspace/edit/w-1',
  kind: 'purchase',
};

describe('payment continue', () => {
  it('gives back the place kept for the same payment only', () => {
    const storage = memoryStorage();
    rememberPayment(storage, kept);
    expect(readPayment(storage, 'p-1')).toEqual(kept);
    expect(readPayment(storage, 'p-2')).toBeUndefined();
    forgetPayment(storage);
    expect(readPayment(storage, 'p-1')).toBeUndefined();
  });

  it('never returns a place outside the dashboard', () => {
    const storage = memoryStorage();
    rememberPayment(storage, { ...kept, returnTo: 'https://evil.example/' });
    expect(readPayment(storage, 'p-1')?.returnTo).toBe('/dashboard/account/workspace/edit/w-1');
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(PAYMENT_CONTINUE_KEY, '{not json');
    expect(readPayment(storage, 'p-1')).toBeUndefined();
    storage.setItem(PAYMENT_CONTINUE_KEY, JSON.stringify({ paymentId: 'p-1' }));
    expect(readPayment(storage, 'p-1')).toBeUndefined();
  });
});
