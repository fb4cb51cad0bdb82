import { AppError } from '../../../http/app-error';
import type { PaymentProvider } from '../../../platform/payments/payments';
import type { Platform } from '../../../platform/platform';

/**
 * The configured card processor, or 503: production without Stripe takes no card payments
 * (the built-in test processor would hand out credits for free).
 */
export function requireCardProcessor(platform: Platform): PaymentProvider {
  if (!platform.payments) throw new AppError('payments_not_configured');
  return platform.payments;
}
