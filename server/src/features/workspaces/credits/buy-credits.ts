import { requireAdministrator } from '../../../documents/workspace-access';
import { AppError } from '../../../http/app-error';
import type { Platform } from '../../../platform/platform';
import type { Caller } from '../caller';
import { requireCardProcessor } from '../payments/card-processor';
import { chargePayment } from '../payments/charge-payment';
import { openPayment } from '../payments/open-payment';
import type { PaymentState } from '../payments/payment-state';
import { findPayment } from '../payments/queries';
import { repeatPayment } from '../payments/repeat-payment';

/** Buys credits by card; administrators of a verified workspace only. */
export async function buyCredits(
  platform: Platform,
  options: {
    user: Caller;
    workspaceId: string;
    credits: number;
    card: Parameters<typeof chargePayment>[1]['card'];
    paymentMethodId?: string | undefined;
    idempotencyKey: string;
  },
): Promise<PaymentState> {
  const { workspace } = await requireAdministrator(platform.database.db, {
    workspaceId: options.workspaceId,
    userId: options.user.id,
  });
  if (!workspace.isVerified) throw new AppError('workspace_in_review');
  if (workspace.type !== 'card') throw new AppError('invoice_buys_through_sales');
  requireCardProcessor(platform);
  const key = `${workspace.id}:${options.idempotencyKey}`;
  const existing = await findPayment(platform.database.db, key);
  const payment = existing
    ? undefined
    : await platform.database.db.transaction((tx) =>
        openPayment(tx, platform, {
          workspace,
          userId: options.user.id,
          credits: options.credits,
          idempotencyKey: key,
        }),
      );
  if (!payment) {
    // Sent again (or twice at once, and the other won): that purchase, never a second charge.
    const known = existing ?? (await findPayment(platform.database.db, key));
    if (!known) throw new AppError('conflict');
    return repeatPayment(platform, known, options.user.name);
  }
  return chargePayment(platform, {
    payment,
    workspace,
    userName: options.user.name,
    card: options.card,
    paymentMethodId: options.paymentMethodId,
  });
}
