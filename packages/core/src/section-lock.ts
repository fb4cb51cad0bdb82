/*
 * A section's edit lock, one rule for templates, drafts and deals: whoever opens a section's
 * editor holds it, and an open editor renews it, so a closed tab lets it go by itself.
 */

/** A lock not renewed for this long is let go: another editor may take the section. */
export const SECTION_LOCK_TTL_MS = 15 * 60 * 1000;
/** How often an open editor renews its lock (re-locking), well inside the lifetime. */
export const SECTION_LOCK_RENEW_MS = SECTION_LOCK_TTL_MS / 3;

/** Whether a section's lock still holds at `now`. */
export function isSectionLockLive(
  lock: { lockedBy: string | null; lockedAt: Date | null },
  now: Date | number = Date.now(),
): boolean {
  if (lock.lockedBy === null || lock.lockedAt === null) return false;
  const at = typeof now === 'number' ? now : now.getTime();
  return at - lock.lockedAt.getTime() < SECTION_LOCK_TTL_MS;
}
