import type { Party } from '@pactum/core/documents';

/** Spec 2 §9 debounces and the send polling. */
export const DRAFT_TITLE_SAVE_MS = 1_000;
export const SEND_PAGE_SAVE_MS = 2_000;
export const RECEIVERS_SAVE_MS = 1_000;
export const SEND_POLL_MS = 1_000;
export const SEND_POLL_TRIES = 300;
/** The progress circle never shows less than this (spec 2 §4.7). */
export const MIN_SHOWN_PROGRESS = 5;

/** The progress shown for a queue's progress: 5 to 100 percent. */
export function shownProgress(progress: number | undefined): number {
  const value = Number.isFinite(progress) ? Number(progress) : 0;
  return Math.min(100, Math.max(MIN_SHOWN_PROGRESS, Math.round(value)));
}

/** What the sent page does after one poll of the send (spec 2 §4.7). */
export type SendPollStep =
  /** A deal exists: go to it. */
  | { kind: 'found' }
  /** The queue failed: 'Draft sending encountered and error…' with 'Error: %s'. */
  | { kind: 'error'; message: string }
  /** 300 polls without a deal: 'Is this taking too long?…' and the ways to reach support. */
  | { kind: 'timeout' }
  /** Ask again in a second. */
  | { kind: 'wait' };

/**
 * The decision after the `tries`-th poll: a deal found wins (even on the last try), then a
 * queue error, then the time running out after `SEND_POLL_TRIES` polls.
 */
export function nextSendPollStep(options: {
  tries: number;
  dealCount: number;
  queue: { step: string; errorMessage: string | null } | undefined;
}): SendPollStep {
  if (options.dealCount > 0) return { kind: 'found' };
  if (options.queue?.step === 'error') {
    return { kind: 'error', message: options.queue.errorMessage ?? '' };
  }
  if (options.tries >= SEND_POLL_TRIES) return { kind: 'timeout' };
  return { kind: 'wait' };
}

const partyFields = ['name', 'vat', 'address', 'social', 'email'] as const;

/**
 * A party as the server stores it, for telling whether the form still differs from what was
 * saved: the fields in one order (the database does not keep the order of a JSON object's
 * keys) and trimmed (the server trims them), an absent field the same as an empty one.
 */
export function partyKey(party: Party): string {
  return JSON.stringify([party.type, ...partyFields.map((field) => (party[field] ?? '').trim())]);
}
