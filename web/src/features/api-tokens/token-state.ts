import { apiTokenExpiryDays } from '@pactum/core/api-tokens';

/** Whether a token still works: revoked wins over expired. */
export type ApiTokenState = 'active' | 'expired' | 'revoked';

export function apiTokenState(
  token: { revokedAt: string | null; expiresAt: string | null },
  now: number = Date.now(),
): ApiTokenState {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now) return 'expired';
  return 'active';
}

/** The expiry select's choices: the offered day counts, then never. */
export const expiryChoices = [...apiTokenExpiryDays.map(String), 'never'] as const;
export type ExpiryChoice = (typeof expiryChoices)[number];

/** The select's value for a form's `expiresInDays`. */
export function expiryChoiceOf(days: number | null): string {
  return days === null ? 'never' : String(days);
}

/** The form's `expiresInDays` for a choice of the select. */
export function daysOfExpiryChoice(choice: string): number | null {
  return choice === 'never' ? null : Number(choice);
}
