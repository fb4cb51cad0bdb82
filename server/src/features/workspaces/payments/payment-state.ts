import type { PaymentStatus } from '@pactum/core/api/payments';
import { type Currency, type PaymentFailureCode, paymentFailureCodes } from '@pactum/core/billing';
import type { payments } from '../../../db/schema';

export type PaymentState = {
  paymentId: string;
  status: PaymentStatus;
  credits: number;
  purchaseTotal: number;
  currency: Currency;
  /** Where to send the browser for 3-D Secure. */
  redirectUrl?: string;
  /** Why it failed, as an API error code: what the web shows, in the user's language. */
  failureCode?: PaymentFailureCode;
  /** The processor's own (English) words for a failure, for programs and logs. */
  message?: string;
  /** The workspace's balance after a successful purchase. */
  balance?: number;
};

export type PaymentRow = typeof payments.$inferSelect;

export const stateOf = (payment: PaymentRow, extra: Partial<PaymentState> = {}): PaymentState => ({
  paymentId: payment.id,
  status: payment.status,
  credits: payment.credits,
  purchaseTotal: payment.purchaseTotal,
  currency: payment.currency,
  ...(payment.status === 'failed' ? { failureCode: failureCodeOf(payment) } : {}),
  ...(payment.errorMessage ? { message: payment.errorMessage } : {}),
  ...extra,
});

/** Why a failed payment failed (payments that failed before codes were kept: no reason). */
function failureCodeOf(payment: PaymentRow): PaymentFailureCode {
  const code = payment.errorCode as PaymentFailureCode | null;
  return code && paymentFailureCodes.includes(code) ? code : 'payment_failed';
}

/** Nothing more will happen to it: failed, or succeeded with its credits in the ledger. */
export const isSettled = (payment: PaymentRow) =>
  payment.status === 'failed' || (payment.status === 'succeeded' && payment.creditedAt !== null);
