import type { DealGroup } from '@pactum/core/deals';
import type { DocumentEventCode } from '@pactum/core/document-events';
import type { PartyRole } from '@pactum/core/documents';
import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealSigners, deals, documentEvents, users } from '../../db/schema';
import { type AccessEntry, accessEntriesOf } from '../../documents/access';
import { appendEvent } from '../../documents/audit-chain';
import { callerPartyOn, dealGroupWhere } from '../../documents/deal-groups';
import type { DealRow } from '../../documents/deal-reads';
import { beforeCursor, type KeysetCursor, microsecondText } from '../../http/cursor';

/*
 * The SQL of deals as negotiation reads and writes them: the deal with the caller's access,
 * the list pages, the activity feed, names, events and the trash. Sections: section-queries.ts.
 */

/**
 * The deal with the caller's access entries to it in one statement (`isLocked` takes the deal's
 * row lock). `withViewer` adds what only the deal's own page shows: whether the caller still
 * has a signature to give on it.
 */
export async function findDealForUser(
  db: DbOrTx,
  options: { dealId: string; userId: string; isLocked?: boolean; withViewer?: boolean },
): Promise<{ deal: DealRow; access: AccessEntry[]; hasUnsignedSignature: boolean } | undefined> {
  const query = db
    .select({
      deal: deals,
      access: accessEntriesOf({
        collection: 'deals',
        documentId: sql`"deal"."id"`,
        userId: options.userId,
      }),
      hasUnsignedSignature: options.withViewer
        ? sql<boolean>`EXISTS (SELECT 1 FROM ${dealSigners}
            WHERE "deal_signer"."deal_id" = "deal"."id"
              AND "deal_signer"."user_id" = ${options.userId}
              AND "deal_signer"."state" = 'new')`
        : sql<boolean>`false`,
    })
    .from(deals)
    .where(eq(deals.id, options.dealId));
  const [row] = options.isLocked ? await query.for('update', { of: deals }) : await query;
  return row;
}

/** Display names of users by id. */
export async function userNames(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(users)
    .where(inArray(users.id, list));
  return namesOf(rows);
}

/** A user's name as the deal pages show it: first and last name, else the account's name. */
export type NamedUser = { id: string; name: string; firstname: string; lastname: string };

/** Display names by id of users read. */
export function namesOf(rows: NamedUser[]): Map<string, string> {
  return new Map(
    rows.map((row) => [row.id, `${row.firstname} ${row.lastname}`.trim() || row.name]),
  );
}

/** Records a document event on a deal. Negotiation events have no party: both sides see them. */
export async function insertDealEvent(
  db: DbOrTx,
  event: {
    dealId: string;
    event: DocumentEventCode;
    userId: string;
    party?: PartyRole | null;
    sectionId?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await appendEvent(db, {
    collection: 'deals',
    documentId: event.dealId,
    event: event.event,
    party: event.party ?? null,
    sectionId: event.sectionId ?? null,
    userId: event.userId,
    data: event.data ?? {},
  });
}

/**
 * One page of the caller's deals of a list group, newest first, each with the caller's party on
 * it, and the group's total.
 */
export async function findDealsOfGroup(
  db: DbOrTx,
  options: { userId: string; email: string; group: DealGroup; page: number; pageSize: number },
): Promise<{ total: number; rows: { deal: DealRow; party: PartyRole | null }[] }> {
  const { userId, page, pageSize } = options;
  // The one group condition of the drawer's counters and the dashboard's widgets too.
  const where = dealGroupWhere(db, { id: userId, email: options.email }, options.group);
  const [total] = await db.select({ n: count() }).from(deals).where(where);
  const rows = await db
    .select({ deal: deals, party: callerPartyOn(userId, sql`${deals.id}`) })
    .from(deals)
    .where(where)
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: Number(total?.n ?? 0), rows };
}

/**
 * The deal's activity events newest first, after the cursor: events without a party or of the
 * given party (none: only those without); document-open events are left out.
 */
export function findDealEventRows(
  db: DbOrTx,
  options: { dealId: string; party: PartyRole | null; after: KeysetCursor | null; limit: number },
) {
  const { party, after } = options;
  return db
    .select({
      id: documentEvents.id,
      event: documentEvents.event,
      party: documentEvents.party,
      sectionId: documentEvents.sectionId,
      data: documentEvents.data,
      createdAt: microsecondText(documentEvents.createdAt),
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(documentEvents)
    .leftJoin(users, eq(users.id, documentEvents.userId))
    .where(
      and(
        eq(documentEvents.collection, 'deals'),
        eq(documentEvents.documentId, options.dealId),
        ne(documentEvents.event, 'document-open'),
        party
          ? or(isNull(documentEvents.party), eq(documentEvents.party, party))
          : isNull(documentEvents.party),
        after ? beforeCursor(documentEvents.createdAt, documentEvents.id, after) : undefined,
      ),
    )
    .orderBy(desc(documentEvents.createdAt), desc(documentEvents.id))
    .limit(options.limit);
}
