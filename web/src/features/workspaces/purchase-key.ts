import type { PaymentStatus } from '@pactum/core/api/payments';

/** sessionStorage key prefix of the idempotency keys of purchases under way. */
export const PURCHASE_KEY_PREFIX = 'pactum.purchase.';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's sessionStorage (kept across reloads, not shared with other tabs), or none. */
export function tabStorage(): KeyValueStore | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The idempotency key of the purchase the user is making, named by what is bought (e.g.
 * `buy:<workspace>:<credits>`). It belongs to the purchase, not to the click: sent again after
 * a lost answer, a 503 or a reload, it is the same purchase and the server charges it once.
 */
export function purchaseKey(storage: KeyValueStore | undefined, purchase: string): string {
  const name = PURCHASE_KEY_PREFIX + purchase;
  try {
    const kept = storage?.getItem(name);
    if (kept) return kept;
    const key = crypto.randomUUID();
    storage?.setItem(name, key);
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

/**
 * Forgets a purchase's key once the server has answered it for good (paid, refused, or sent to
 * 3-D Secure with its payment remembered): buying the same again is then a new purchase.
 */
export function forgetPurchaseKey(storage: KeyValueStore | undefined, purchase: string): void {
  try {
    storage?.removeItem(PURCHASE_KEY_PREFIX + purchase);
  } catch {
    // Nothing kept.
  }
}

/** Whether a payment's answer ends its purchase: anything but a charge still under way. */
export function isPurchaseAnswered(status: PaymentStatus) {
  return status !== 'pending';
}
