import { and, eq, exists, isNull, or, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client';
import { dealSigners, deals } from '../db/schema';
import { workspaceScopeOf } from '../http/request-scope';
import { accessibleDocumentIds } from './access';

/** The user as the signing lists need them: their id and their account's address. */
export type SigningUser = { id: string; email: string };

/**
 * A signer slot is the user's when it is bound to them (they opened its mailed link, or their
 * verified address was named), or when nobody holds it yet and it names their address. The
 * second only ever counts on a deal the user reaches anyway (a party's access): it puts the deal
 * in their 'To sign' list, while signing itself still asks them to prove the address.
 */
export function isMySlot(user: SigningUser): SQL | undefined {
  return or(
    eq(dealSigners.userId, user.id),
    and(isNull(dealSigners.userId), eq(dealSigners.email, user.email.toLowerCase())),
  );
}

/** An unsigned, live signer slot of the deal in the outer query (`deals`) that is the user's. */
export function hasSignatureToGive(db: DbOrTx, user: SigningUser): SQL {
  return exists(
    db
      .select({ id: dealSigners.id })
      .from(dealSigners)
      .where(
        and(
          eq(dealSigners.dealId, deals.id),
          eq(dealSigners.state, 'new'),
          isNull(dealSigners.revokedAt),
          isMySlot(user),
        ),
      ),
  );
}

/**
 * The deals the user's lists and counters show: those they reach through document access (either
 * party), those they sent, and those they are a named signer of through a slot bound to them
 * (a signer outside the party, who reaches only the signing view). A workspace token sees only
 * the deals its workspace reaches: what its user sent or signs as a person is not the workspace's.
 *
 * The ids are gathered first, once, as `id = ANY(ARRAY(… UNION …))` (like `reachesUser`): an
 * `IN (…) OR sent_by = … OR EXISTS (…)` test had no index path and read every deal, 0.2–0.9 s a
 * widget at 100k deals (bench/README.md, dashboard); this form reads the caller's ids by their
 * indexes and the deals by primary key.
 */
export function visibleDeals(db: DbOrTx, user: SigningUser): SQL | undefined {
  return sql`${deals.id} = ANY(${visibleDealIds(db, user)})`;
}

/** The ids of the deals `visibleDeals` lets in, as one array expression (`ARRAY(…)`). */
export function visibleDealIds(db: DbOrTx, user: SigningUser): SQL {
  const accessible = accessibleDocumentIds(db, { collection: 'deals', userId: user.id });
  if (workspaceScopeOf(user.id)) return sql`ARRAY(${accessible})`;
  const sent = db.select({ id: deals.id }).from(deals).where(eq(deals.sentBy, user.id));
  const signing = db
    .select({ id: dealSigners.dealId })
    .from(dealSigners)
    .innerJoin(deals, eq(deals.id, dealSigners.dealId))
    .where(
      and(
        eq(dealSigners.userId, user.id),
        isNull(dealSigners.revokedAt),
        sql`${deals.state} in ('in-signing', 'signed')`,
      ),
    );
  return sql`ARRAY(${union(accessible, sent, signing)})`;
}

/**
 * Binds the live signer slots that name a verified address to its account (the address is
 * proven, so the slots are theirs). Answers the deals whose slots changed hands.
 */
/**
 * Whether a live signer slot names the (lower-case) address and waits for its user, as a
 * condition (`EXISTS`); the address may be a column of the outer query.
 */
export function openSignerSlotFor(email: string | SQL) {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${dealSigners} WHERE ${dealSigners.userId} IS NULL AND ${dealSigners.revokedAt} IS NULL AND ${dealSigners.email} = ${email})`.mapWith(
    Boolean,
  );
}

export async function bindSignerSlots(tx: Tx, user: SigningUser): Promise<string[]> {
  const rows = await tx
    .update(dealSigners)
    .set({ userId: user.id })
    .where(
      and(
        isNull(dealSigners.userId),
        isNull(dealSigners.revokedAt),
        eq(dealSigners.email, user.email.toLowerCase()),
      ),
    )
    .returning({ dealId: dealSigners.dealId });
  return [...new Set(rows.map((row) => row.dealId))];
}
