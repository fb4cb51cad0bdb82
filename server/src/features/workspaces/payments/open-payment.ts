import { priceCredits } from '@pactum/core/billing';
import type { Tx } from '../../../db/client';
import type { workspaces } from '../../../db/schema';
import type { Platform } from '../../../platform/platform';
import { requireCardProcessor } from './card-processor';
import { reconcilePaymentJob } from './payment-jobs';
import type { PaymentRow } from './payment-state';
import { insertPayment } from './queries';

/**
 * Opens a payment for a purchase in the caller's transaction, with its reconciliation job, at
 * the server's price (Finnish buyers +24 % VAT). Undefined when the idempotency key was used
 * already: that purchase is under way or done.
 */
export async function openPayment(
  tx: Tx,
  platform: Platform,
  options: {
    workspace: typeof workspaces.$inferSelect;
    userId: string;
    credits: number;
    /** Unique per purchase across workspaces: the caller scopes the browser's key. */
    idempotencyKey: string;
  },
): Promise<PaymentRow | undefined> {
  const processor = requireCardProcessor(platform);
  const { workspace } = options;
  const price = priceCredits(options.credits, workspace.currency, workspace.address.country ?? '');
  const created = await insertPayment(tx, {
    workspaceId: workspace.id,
    provider: processor.kind,
    idempotencyKey: options.idempotencyKey,
    credits: price.credits,
    currency: price.currency,
    unitPrice: price.unitPrice,
    taxPrc: price.taxPrc,
    taxAmount: price.taxAmount,
    purchaseTotal: price.purchaseTotal,
    createdBy: options.userId,
  });
  if (!created) return undefined;
  await platform.jobs.enqueue(
    tx,
    reconcilePaymentJob(platform),
    { paymentId: created.id },
    {
      startAfter: new Date(
        created.createdAt.getTime() + platform.config.paymentReconcileAfterSeconds * 1000,
      ),
    },
  );
  return created;
}
