import {
  NegotiationError,
  type NegotiationMessage,
  type NegotiationRefusal,
  negotiationErrorCodes,
} from '@pactum/core/deals';
import type { ErrorParams } from '@pactum/core/errors';
import { AppError } from '../../http/app-error';

/** A refused negotiation rule as the API answers it. */
export function refused(reason: NegotiationMessage, params: ErrorParams = {}) {
  const code = Object.hasOwn(negotiationErrorCodes, reason)
    ? negotiationErrorCodes[reason as NegotiationRefusal]
    : 'conflict';
  return new AppError(code, params);
}

/** Runs a core rule, turning its refusal into the API's error. */
export function rule<T>(apply: () => T): T {
  try {
    return apply();
  } catch (error) {
    if (error instanceof NegotiationError) throw refused(error.reason);
    throw error;
  }
}
