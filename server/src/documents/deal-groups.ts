import { type DealGroup, dealGroupStates } from '@pactum/core/deals';
import type { PartyRole } from '@pactum/core/documents';
import { and, eq, exists, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { archiveItems, deals, documentAccess } from '../db/schema';
import { reachesUser } from './access';
import { canOpenItem } from './archive-access';
import { hasSignatureToGive, type SigningUser, visibleDeals } from './visible-deals';

/*
 * The one definition of a deal list group, on the deals of the outer query (`deals`). The deal
 * lists (`listDeals`), the dashboard's widgets and the drawer's counters (`countHome`) all read
 * it, so a list, its widget and its counter cannot tell different stories.
 */

/**
 * What puts a deal the user sees in the group: its states, and for `sign` and `waiting` whether
 * the user still has a signature to give, for `archived` whether its filed copy in the archive
 * is one the user can open. Visibility is not part of it (see `dealGroupWhere`), so one query
 * can count every group of the deals the user sees (`count(*) FILTER (WHERE …)`).
 */
export function dealGroupCondition(db: DbOrTx, user: SigningUser, group: DealGroup): SQL {
  const inStates = inArray(deals.state, [...dealGroupStates[group]]);
  if (group === 'sign') return and(inStates, hasSignatureToGive(db, user)) as SQL;
  if (group === 'waiting') return and(inStates, not(hasSignatureToGive(db, user))) as SQL;
  if (group === 'archived') return and(inStates, hasOpenableCopy(db, user.id)) as SQL;
  return inStates;
}

/** The deals of the group that the user sees: the whole `WHERE` of a group's list. */
export function dealGroupWhere(db: DbOrTx, user: SigningUser, group: DealGroup): SQL {
  return and(visibleDeals(db, user), dealGroupCondition(db, user, group)) as SQL;
}

/**
 * A filed copy of the deal (an Inbox copy, wherever it was moved since) that is live and that
 * the user may open now; the unique (original_deal_id, original_party) index finds the copies.
 */
function hasOpenableCopy(db: DbOrTx, userId: string): SQL {
  return exists(
    db
      .select({ id: archiveItems.id })
      .from(archiveItems)
      .where(and(eq(archiveItems.originalDealId, deals.id), canOpenItem(userId))),
  );
}

/**
 * The caller's party on a deal (`dealId`, a column of the outer query): the party of the access
 * entries that win in `resolveAccess`'s order (own entry, then workspace, then group), so a
 * colleague who reaches the deal through the workspace acts for the same party as the sender.
 * Null when the winning entries name different parties or none (a named signer outside both
 * parties, who opens only the signing view and sees no party's internal events).
 */
export function callerPartyOn(userId: string, dealId: SQL): SQL<PartyRole | null> {
  return sql<PartyRole | null>`(SELECT CASE
        WHEN count(DISTINCT ranked.party) = 1 AND count(ranked.party) = count(*)
        THEN min(ranked.party) END
      FROM (SELECT ${documentAccess.party} AS party,
          rank() OVER (ORDER BY CASE WHEN ${documentAccess.userId} IS NOT NULL THEN 0
            WHEN ${documentAccess.workspaceId} IS NOT NULL THEN 1 ELSE 2 END) AS place
        FROM ${documentAccess}
        WHERE ${documentAccess.collection} = 'deals'
          AND ${documentAccess.documentId} = ${dealId}
          AND ${reachesUser(userId)}) AS ranked
      WHERE ranked.place = 1)`;
}
