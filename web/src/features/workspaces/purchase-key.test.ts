import { describe, expect, it } from 'vitest';
import {
  forgetPurchaseKey,
  isPurchaseAnswered,
  PURCHASE_KEY_PREFIX,
  purchaseKey,
} from './purchase-key';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the idempotency key of a purchase', () => {
  it('is the same for a retry and after a reload, until the purchase is answered', () => {
    const storage = memoryStorage();
    const first = purchaseKey(storage, 'buy:w-1:10');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    // A retry after a lost answer, or the page loaded again: the same purchase.
    expect(purchaseKey(storage, 'buy:w-1:10')).toBe(first);
    expect(storage.values.get(`${PURCHASE_KEY_PREFIX}buy:w-1:10`)).toBe(first);
    // Another amount is another purchase.
    expect(purchaseKey(storage, 'buy:w-1:20')).not.toBe(first);
    forgetPurchaseKey(storage, 'buy:w-1:10');
    expect(purchaseKey(storage, 'buy:w-1:10')).not.toBe(first);
  });

  it('still gives a key where storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(purchaseKey(blocked, 'buy:w-1:10')).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => forgetPurchaseKey(blocked, 'buy:w-1:10')).not.toThrow();
    expect(purchaseKey(undefined, 'buy:w-1:10')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('ends with every answer but a charge still under way', () => {
    expect(isPurchaseAnswered('pending')).toBe(false);
    expect(isPurchaseAnswered('requires_action')).toBe(true);
    expect(isPurchaseAnswered('succeeded')).toBe(true);
    expect(isPurchaseAnswered('failed')).toBe(true);
  });
});
