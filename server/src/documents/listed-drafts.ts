import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { drafts } from '../db/schema';
import { accessibleDocumentIds } from './access';

/**
 * The drafts the draft list shows the user (spec 2 §2.2), on `drafts` of the outer query: those
 * they reach (own, workspace or group access), not deleted, not sent, not Send & Sign PDF ones.
 * The list, the home's Drafts widget and the drawer's count all read it.
 */
export function listedDrafts(db: DbOrTx, userId: string): SQL {
  return and(
    inArray(drafts.id, accessibleDocumentIds(db, { collection: 'drafts', userId })),
    isNull(drafts.deletedAt),
    isNull(drafts.sentAt),
    sql`${drafts.dealProcess} IS DISTINCT FROM 'pdf'`,
  ) as SQL;
}
