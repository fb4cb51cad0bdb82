import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http';

/**
 * The whole minutes to wait that a 429 names (a wait under a minute is one minute), or
 * undefined for any other failure and for a 429 that does not say.
 */
export function waitMinutes(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'rate_limited') return undefined;
  if (error.retryAfterSeconds === undefined) return undefined;
  return Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
}

/**
 * For `ErrorAlert`'s `describe` on the sign-in and sign-up pages: "Too many attempts. Try again
 * in N minutes." for a 429 that says how long to wait; other failures keep their own text.
 */
export function useRateLimitText(): (error: unknown) => string | undefined {
  const { t } = useTranslation();
  return (error) => {
    const minutes = waitMinutes(error);
    return minutes === undefined ? undefined : t('start.tryAgainIn', { count: minutes });
  };
}
