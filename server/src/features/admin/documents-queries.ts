import type { AdminDocumentKind } from '@pactum/core/admin';
import type { AdminDocumentListQuery } from '@pactum/core/api/admin';
import type { DealProcess, DealState, DocumentCollection } from '@pactum/core/documents';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  auditChainChecks,
  dealSigners,
  deals,
  documentAccess,
  documentEvents,
  drafts,
  users,
  workspaceGroups,
  workspaces,
} from '../../db/schema';

/*
 * The admin document list and page read every deal and draft (no access filter: only product
 * administrators reach these queries). The list is one statement, paged in SQL.
 */

/** A row of the document list as the database answers it. */
export type DocumentRowRecord = {
  kind: AdminDocumentKind;
  id: string;
  title: string;
  state: DealState | 'draft';
  process: DealProcess;
  contractUid: string;
  senderName: string;
  receiverName: string;
  workspaceId: string | null;
  workspaceTitle: string | null;
  creatorId: string | null;
  creatorName: string | null;
  creatorEmail: string | null;
  createdAt: Date;
  modifiedAt: Date;
};

/** `q` as a LIKE pattern's middle: its own %, _ and \ match themselves. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The free-text condition of one branch: the folded text (exactly the expression the branch's
 * trigram index is built on), the creator's e-mail, or the id itself. The creators are looked up
 * first (an array, so the condition can still use the creator index), through the user search
 * index and then checked against the e-mail alone.
 */
function textMatches(q: string, searchText: SQL, creatorColumn: SQL, idColumn: SQL): SQL {
  const pattern = sql`'%' || pactum_fold(${likeEscaped(q)}) || '%'`;
  const creators = sql`ARRAY(SELECT u.id FROM "user" u
    WHERE pactum_admin_user_text(u.email, u.name) LIKE ${pattern}
      AND strpos(lower(u.email), lower(${q})) > 0)`;
  const byId = z.uuid().safeParse(q).success
    ? sql` OR ${idColumn} = ${q.toLowerCase()}::uuid`
    : sql``;
  return sql`(${searchText} LIKE ${pattern} OR ${creatorColumn} = ANY(${creators})${byId})`;
}

/** The filters every branch shares: workspace and creation time. */
function commonFilters(query: AdminDocumentListQuery, alias: string): SQL[] {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const filters: SQL[] = [];
  if (query.workspaceId) filters.push(sql`${column('workspace_id')} = ${query.workspaceId}`);
  if (query.from) filters.push(sql`${column('created_at')} >= ${query.from.toISOString()}`);
  if (query.to) filters.push(sql`${column('created_at')} < ${query.to.toISOString()}`);
  return filters;
}

const whereAll = (filters: SQL[]) =>
  filters.length > 0 ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql``;

/**
 * One page of deals and drafts, newest change first (`modified_at`, then id), `pageSize + 1`
 * rows so the caller knows whether there is more. Drafts that were sent are left out: their
 * deals stand for them (each deal's page links its draft). A deal state in `state` lists deals
 * only, 'draft' drafts only.
 */
export async function selectDocumentPage(
  db: DbOrTx,
  query: AdminDocumentListQuery,
): Promise<DocumentRowRecord[]> {
  const q = query.q;
  const wantsDeals = query.kind !== 'draft' && query.state !== 'draft';
  const wantsDrafts =
    query.kind !== 'deal' && (query.state === undefined || query.state === 'draft');
  const branches: SQL[] = [];
  if (wantsDeals) {
    const filters = commonFilters(query, 'd');
    if (query.state) filters.push(sql`d.state = ${query.state}`);
    if (q) {
      filters.push(
        textMatches(
          q,
          sql`pactum_admin_document_text(d.title, d.contract_uid, d.parties)`,
          sql`d.sent_by`,
          sql`d.id`,
        ),
      );
    }
    branches.push(sql`SELECT 'deal'::text AS kind, d.id, d.title, d.state::text AS state,
        d.process::text AS process, d.contract_uid, d.parties, d.workspace_id,
        d.sent_by AS created_by, d.created_at, d.modified_at
      FROM deal d ${whereAll(filters)}`);
  }
  if (wantsDrafts) {
    const filters = [
      sql`r.deleted_at IS NULL`,
      sql`r.sent_at IS NULL`,
      ...commonFilters(query, 'r'),
    ];
    if (q) {
      filters.push(
        textMatches(
          q,
          sql`pactum_admin_document_text(r.title, NULL::text, r.parties)`,
          sql`r.created_by`,
          sql`r.id`,
        ),
      );
    }
    branches.push(sql`SELECT 'draft'::text AS kind, r.id, r.title, 'draft'::text AS state,
        coalesce(r.deal_process, r.default_process, 'negotiate')::text AS process,
        NULL::text AS contract_uid, r.parties, r.workspace_id, r.created_by, r.created_at,
        r.modified_at
      FROM draft r ${whereAll(filters)}`);
  }
  if (branches.length === 0) return [];
  const offset = (query.page - 1) * query.pageSize;
  const { rows } = (await db.execute(sql`
    SELECT page.kind, page.id, page.title, page.state, page.process,
      coalesce(page.contract_uid, '') AS "contractUid",
      coalesce(page.parties -> 'sender' ->> 'name', '') AS "senderName",
      coalesce(page.parties -> 'receiver' ->> 'name', '') AS "receiverName",
      w.id AS "workspaceId", w.title AS "workspaceTitle",
      u.id AS "creatorId", u.name AS "creatorName", u.email AS "creatorEmail",
      page.created_at AS "createdAt", page.modified_at AS "modifiedAt"
    FROM (
      ${sql.join(branches, sql` UNION ALL `)}
      ORDER BY modified_at DESC, id DESC
      LIMIT ${query.pageSize + 1} OFFSET ${offset}
    ) AS page
    LEFT JOIN workspace w ON w.id = page.workspace_id
    LEFT JOIN "user" u ON u.id = page.created_by
    ORDER BY page.modified_at DESC, page.id DESC`)) as unknown as {
    rows: (Omit<DocumentRowRecord, 'createdAt' | 'modifiedAt'> & {
      createdAt: Date | string;
      modifiedAt: Date | string;
    })[];
  };
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    modifiedAt: new Date(row.modifiedAt),
  }));
}

const creators = alias(users, 'creator');

/** One deal as a list row, with what its page adds. */
export async function findDealRecord(db: DbOrTx, dealId: string) {
  const [row] = await db
    .select({
      deal: deals,
      workspaceTitle: workspaces.title,
      creator: { id: creators.id, name: creators.name, email: creators.email },
    })
    .from(deals)
    .leftJoin(workspaces, eq(workspaces.id, deals.workspaceId))
    .leftJoin(creators, eq(creators.id, deals.sentBy))
    .where(eq(deals.id, dealId));
  return row;
}

/** One draft (deleted ones too: a deal's page links its draft), with its first deal. */
export async function findDraftRecord(db: DbOrTx, draftId: string) {
  const [row] = await db
    .select({
      draft: drafts,
      workspaceTitle: workspaces.title,
      creator: { id: creators.id, name: creators.name, email: creators.email },
      dealId: sql<string | null>`(SELECT ${deals.id} FROM ${deals}
        WHERE ${deals.draftId} = ${drafts.id} ORDER BY ${deals.createdAt}, ${deals.id} LIMIT 1)`,
    })
    .from(drafts)
    .leftJoin(workspaces, eq(workspaces.id, drafts.workspaceId))
    .leftJoin(creators, eq(creators.id, drafts.createdBy))
    .where(eq(drafts.id, draftId));
  return row;
}

/** Every access entry of a document, with the names of whom it reaches, oldest first. */
export function selectAccessRows(db: DbOrTx, collection: DocumentCollection, documentId: string) {
  return db
    .select({
      id: documentAccess.id,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      email: documentAccess.email,
      workspaceId: workspaces.id,
      workspaceTitle: workspaces.title,
      groupId: workspaceGroups.id,
      groupName: workspaceGroups.name,
      role: documentAccess.role,
      party: documentAccess.party,
    })
    .from(documentAccess)
    .leftJoin(users, eq(users.id, documentAccess.userId))
    .leftJoin(workspaces, eq(workspaces.id, documentAccess.workspaceId))
    .leftJoin(workspaceGroups, eq(workspaceGroups.id, documentAccess.groupId))
    .where(
      and(eq(documentAccess.collection, collection), eq(documentAccess.documentId, documentId)),
    )
    .orderBy(asc(documentAccess.createdAt), asc(documentAccess.id));
}

/** A deal's signer slots, withdrawn ones included, in the order they were named. */
export function selectSigners(db: DbOrTx, dealId: string) {
  return db
    .select({
      id: dealSigners.id,
      party: dealSigners.party,
      firstname: dealSigners.firstname,
      lastname: dealSigners.lastname,
      email: dealSigners.email,
      state: dealSigners.state,
      signedAt: dealSigners.signedAt,
      revokedAt: dealSigners.revokedAt,
    })
    .from(dealSigners)
    .where(eq(dealSigners.dealId, dealId))
    .orderBy(asc(dealSigners.createdAt), asc(dealSigners.id));
}

/** The newest events of a document, of every party, with who did them. */
export function selectDocumentEvents(
  db: DbOrTx,
  options: { collection: DocumentCollection; documentId: string; limit: number },
) {
  return db
    .select({
      id: documentEvents.id,
      event: documentEvents.event,
      party: documentEvents.party,
      seq: documentEvents.seq,
      data: documentEvents.data,
      createdAt: documentEvents.createdAt,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
    })
    .from(documentEvents)
    .leftJoin(users, eq(users.id, documentEvents.userId))
    .where(
      and(
        eq(documentEvents.collection, options.collection),
        eq(documentEvents.documentId, options.documentId),
      ),
    )
    .orderBy(
      desc(documentEvents.createdAt),
      sql`${documentEvents.seq} DESC NULLS LAST`,
      desc(documentEvents.id),
    )
    .limit(options.limit);
}

/** The last chain check of a document, if any. */
export async function findChainCheck(
  db: DbOrTx,
  collection: DocumentCollection,
  documentId: string,
) {
  const [row] = await db
    .select()
    .from(auditChainChecks)
    .where(
      and(eq(auditChainChecks.collection, collection), eq(auditChainChecks.documentId, documentId)),
    );
  return row;
}
