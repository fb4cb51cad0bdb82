import type { DbOrTx, Tx } from '../db/client';
import type { Platform } from '../platform/platform';

/**
 * What happens beside a deal's signing, step by step, in each step's own transaction. Signing
 * announces the steps; an area that follows them (the archive, which files each party's copy of
 * the sealed PDF) registers its hooks on the platform at start, before it starts, so signing
 * never calls that area and that area may read signing.
 */
export type SignedDealHooks = {
  /** The last signature completed the deal: in the completing transaction. */
  dealCompleted(tx: Tx, dealId: string): Promise<void>;
  /** The sealed PDF was recorded: in the transaction that records it. */
  signedPdfRecorded(tx: Tx, dealId: string): Promise<void>;
  /** The sealed PDF could not be made (its last retry failed). */
  signedPdfFailed(db: DbOrTx, dealId: string, reason: string): Promise<void>;
  /** The sender started a failed sealed PDF again. */
  signedPdfRetried(db: DbOrTx, dealId: string): Promise<void>;
};

const registered = new WeakMap<Platform, SignedDealHooks[]>();

/** Registers an area's hooks on a platform; each registration is called once per step. */
export function onSignedDeal(platform: Platform, hooks: SignedDealHooks): void {
  const list = registered.get(platform) ?? [];
  list.push(hooks);
  registered.set(platform, list);
}

/** Runs every registered hook of a step, in registration order, in the caller's transaction. */
export async function announceSignedDeal<Step extends keyof SignedDealHooks>(
  platform: Platform,
  step: Step,
  ...args: Parameters<SignedDealHooks[Step]>
): Promise<void> {
  for (const hooks of registered.get(platform) ?? []) {
    await (hooks[step] as (...values: Parameters<SignedDealHooks[Step]>) => Promise<void>)(...args);
  }
}
