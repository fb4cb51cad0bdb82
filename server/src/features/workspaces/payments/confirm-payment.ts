import { requireMember } from '../../../documents/workspace-access';
import { AppError } from '../../../http/app-error';
import type { Platform } from '../../../platform/platform';
import type { PaymentState } from './payment-state';
import { findPaymentById } from './queries';
import { repeatPayment } from './repeat-payment';

/** After 3-D Secure: asks the processor how the charge ended and grants the credits once. */
export async function confirmPayment(
  platform: Platform,
  options: { userId: string; userName: string; paymentId: string },
): Promise<PaymentState> {
  const payment = await findPaymentById(platform.database.db, options.paymentId);
  if (!payment) throw new AppError('not_found');
  await requireMember(platform.database.db, {
    workspaceId: payment.workspaceId,
    userId: options.userId,
  });
  return repeatPayment(platform, payment, options.userName);
}
