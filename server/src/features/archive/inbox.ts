import type { archiveFilingSchema } from '@pactum/core/api/archive';
import type { ArchivePageQuery } from '@pactum/core/archive';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  archiveFilings,
  archiveItems,
  archivePages,
  dealSigners,
  deals,
  documentAccess,
} from '../../db/schema';
import { reachesUser, resolveAccess } from '../../documents/access';
import { canOpenItem, requireArchiveItem } from '../../documents/archive-access';
import { AppError } from '../../http/app-error';
import { workspaceScopeOf } from '../../http/request-scope';
import { listTagsOfDocuments } from '../tags';
import { FILING_PROGRESS } from './filing';
import { type ArchiveItem, toArchiveItem } from './listing';

/*
 * The Inbox (spec 1 §2 Archive): the signed deals filed for the caller's party, newest first,
 * and those still on their way (sealing or filing, or failed) with their progress. Also the
 * page text of a file and a deal's archived copy. Every read is filtered by `canOpenItem`.
 */

type ArchiveFiling = z.output<typeof archiveFilingSchema>;

/** Filings shown at most (the caller's signed deals still on their way). */
const FILINGS_SHOWN = 100;

/** GET /archive/inbox: the caller's Inbox files (a page of them) and the filings on their way. */
export async function listInbox(
  db: DbOrTx,
  options: { userId: string; query: ArchivePageQuery },
): Promise<{
  items: ArchiveItem[];
  total: number;
  page: number;
  pageSize: number;
  filings: ArchiveFiling[];
}> {
  const { userId } = options;
  const { page, pageSize } = options.query;
  const inInbox = and(
    eq(archiveItems.type, 'file'),
    isNull(archiveItems.parentId),
    canOpenItem(userId),
  );
  const [rows, [count], filings] = await Promise.all([
    db
      .select()
      .from(archiveItems)
      .where(inInbox)
      .orderBy(desc(archiveItems.uploadedAt), desc(archiveItems.createdAt), desc(archiveItems.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(archiveItems).where(inInbox),
    listOpenFilings(db, userId),
  ]);
  const tags = await listTagsOfDocuments(db, {
    collection: 'archives',
    documentIds: rows.map((row) => row.id),
    userId,
  });
  return {
    items: rows.map((row) => toArchiveItem(row, tags.get(row.id) ?? [])),
    total: Number(count?.total ?? 0),
    page,
    pageSize,
    filings,
  };
}

/**
 * Filings not done yet of the parties whose access entries on the deal reach the caller, or
 * that the caller signed for (their copy will reach them; never in a workspace token's request).
 */
async function listOpenFilings(db: DbOrTx, userId: string): Promise<ArchiveFiling[]> {
  const signedFor = workspaceScopeOf(userId)
    ? sql`FALSE`
    : sql`EXISTS (SELECT 1 FROM ${dealSigners}
          WHERE ${dealSigners.dealId} = ${archiveFilings.dealId}
            AND ${dealSigners.party} = ${archiveFilings.party}
            AND ${dealSigners.userId} = ${userId}
            AND ${dealSigners.state} = 'signed'
            AND ${dealSigners.revokedAt} IS NULL)`;
  const rows = await db
    .select({
      dealId: archiveFilings.dealId,
      party: archiveFilings.party,
      title: deals.title,
      state: archiveFilings.state,
      step: archiveFilings.step,
      attempts: archiveFilings.attempts,
      createdAt: archiveFilings.createdAt,
    })
    .from(archiveFilings)
    .innerJoin(deals, eq(deals.id, archiveFilings.dealId))
    .where(
      and(
        ne(archiveFilings.state, 'done'),
        sql`(EXISTS (SELECT 1 FROM ${documentAccess}
          WHERE ${documentAccess.collection} = 'deals'
            AND ${documentAccess.documentId} = ${archiveFilings.dealId}
            AND ${documentAccess.party} = ${archiveFilings.party}
            AND ${reachesUser(userId)}) OR ${signedFor})`,
      ),
    )
    .orderBy(desc(archiveFilings.createdAt), asc(archiveFilings.dealId), asc(archiveFilings.party))
    .limit(FILINGS_SHOWN);
  return rows.map((row) => ({
    ...row,
    state: row.state === 'failed' ? 'failed' : 'in-progress',
    progress: FILING_PROGRESS[row.step],
  }));
}

/** GET /archive/items/:itemId/pages: the text read from a file's pages. */
export async function getItemPages(db: DbOrTx, options: { userId: string; itemId: string }) {
  const item = await requireArchiveItem(db, { ...options, type: 'file' });
  const pages = await db
    .select({ page: archivePages.page, text: archivePages.text })
    .from(archivePages)
    .where(eq(archivePages.itemId, item.id))
    .orderBy(asc(archivePages.page));
  return { textState: item.textState, pageCount: item.pageCount, pages };
}

/**
 * GET /deals/:dealId/archived: the archived copy of the caller's party, where the deal list's
 * 'archived' link leads; for a signer who is no party's member, the copy they may open (the one
 * of the party they signed for). 404 when the caller does not reach the deal, it has no copy yet,
 * or the caller may not open it.
 */
export async function getDealArchived(db: DbOrTx, options: { userId: string; dealId: string }) {
  const access = await resolveAccess(db, {
    collection: 'deals',
    documentId: options.dealId,
    userId: options.userId,
  });
  const party = access?.party;
  const isParty = party === 'sender' || party === 'receiver';
  const [copy] = await db
    .select({ archiveId: archiveItems.id, parentId: archiveItems.parentId })
    .from(archiveItems)
    .where(
      and(
        eq(archiveItems.originalDealId, options.dealId),
        isParty ? eq(archiveItems.originalParty, party) : undefined,
        canOpenItem(options.userId),
      ),
    )
    .orderBy(asc(archiveItems.originalParty))
    .limit(1);
  if (!copy) throw new AppError('archive_item_not_found');
  return copy;
}
