/** localStorage key of the place to continue after the bank's 3-D Secure page. */
export const PAYMENT_CONTINUE_KEY = 'pactum.payment.continue';

/** Where the browser goes on after a payment that left for 3-D Secure. */
export type PaymentContinue = {
  paymentId: string;
  workspaceId: string;
  /** A dashboard path to return to once the payment is settled. */
  returnTo: string;
  /** What was paid: a new workspace's first credits, or credits bought on its page. */
  kind: 'order' | 'purchase';
};

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage, or none where privacy settings block it. */
export function browserStorage(): KeyValueStore | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Keeps the place to continue before the browser leaves for the bank (3 §4 '3-D secure'). */
export function rememberPayment(storage: KeyValueStore | undefined, value: PaymentContinue): void {
  try {
    storage?.setItem(PAYMENT_CONTINUE_KEY, JSON.stringify(value));
  } catch {
    // Without storage the return route still goes back to the workspace.
  }
}

function isPaymentContinue(value: unknown): value is PaymentContinue {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.paymentId === 'string' &&
    typeof record.workspaceId === 'string' &&
    typeof record.returnTo === 'string' &&
    (record.kind === 'order' || record.kind === 'purchase')
  );
}

/**
 * The place kept for this payment, if any. Only a dashboard path is returned, so a stored
 * value cannot send the browser off the site.
 */
export function readPayment(
  storage: KeyValueStore | undefined,
  paymentId: string,
): PaymentContinue | undefined {
  try {
    const value: unknown = JSON.parse(storage?.getItem(PAYMENT_CONTINUE_KEY) ?? 'null');
    if (!isPaymentContinue(value) || value.paymentId !== paymentId) return undefined;
    if (!value.returnTo.startsWith('/dashboard/') || value.returnTo.startsWith('//')) {
      return { ...value, returnTo: `/dashboard/account/workspace/edit/${value.workspaceId}` };
    }
    return value;
  } catch {
    return undefined;
  }
}

/** Forgets the kept place once the payment has ended. */
export function forgetPayment(storage: KeyValueStore | undefined): void {
  try {
    storage?.removeItem(PAYMENT_CONTINUE_KEY);
  } catch {
    // Nothing to forget.
  }
}
