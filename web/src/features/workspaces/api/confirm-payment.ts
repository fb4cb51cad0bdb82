import { apiFetch } from '../../../app/http';
import type { PaymentState } from '../types';

/**
 * POST /api/v1/payments/:paymentId/confirm: after 3-D Secure, asks how the payment ended; the
 * server grants its credits once, however often this is called.
 */
export function confirmPayment(paymentId: string): Promise<PaymentState> {
  return apiFetch<PaymentState>(`/api/v1/payments/${encodeURIComponent(paymentId)}/confirm`, {
    method: 'POST',
  });
}
