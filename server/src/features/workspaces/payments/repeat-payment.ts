import type { Platform } from '../../../platform/platform';
import { type PaymentRow, type PaymentState, stateOf } from './payment-state';
import { readBalance } from './queries';
import { reconcile } from './reconcile';

/**
 * A purchase sent again with its key (a lost answer, a reload): never a second charge. The
 * payment is finished from what the processor says if it can be; a charge still under way
 * answers with its state as it is.
 */
export async function repeatPayment(
  platform: Platform,
  payment: PaymentRow,
  userName: string,
): Promise<PaymentState> {
  const result = await reconcile(platform, payment, { userName, mayAbandon: false });
  let balance = result.balance;
  if (balance === undefined && result.payment.creditedAt) {
    balance = await readBalance(platform.database.db, result.payment.workspaceId);
  }
  return stateOf(result.payment, balance === undefined ? {} : { balance });
}
