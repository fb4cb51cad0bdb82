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
