import type { CardInput } from '@pactum/core/billing';

/** The card entry as typed: every part a text, the expiry as MM and YY. */
export type CardFields = { number: string; expMonth: string; expYear: string; cvc: string };

export const emptyCard: CardFields = { number: '', expMonth: '', expYear: '', cvc: '' };

/** Parses a whole number of 1 to `digits` digits; anything else is NaN (refused by the schema). */
function wholeNumber(text: string, digits: number): number {
  const trimmed = text.trim();
  return new RegExp(`^\\d{1,${digits}}$`).test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The typed card as the shared card schema takes it: `05` / `29` become 5 / 2029. A part that
 * is not a number stays invalid, so the schema refuses it.
 */
export function toCardInput(card: CardFields): CardInput {
  const year = card.expYear.trim();
  return {
    number: card.number.trim(),
    expMonth: wholeNumber(card.expMonth, 2),
    expYear: /^\d{2}$/.test(year) ? 2000 + Number(year) : wholeNumber(year, 4),
    cvc: card.cvc.trim(),
  };
}

/** The cards of the built-in test processor, for the note under the card entry. */
export const TEST_CARD_NUMBERS = {
  paid: '4242 4242 4242 4242',
  threeDSecure: '4000 0000 0000 3220',
} as const;
