import { type AdminEventKind, adminActions } from '@pactum/core/admin';
import type { AdminEvent, AdminEventQuery } from '@pactum/core/api/admin';
import { documentCollections } from '@pactum/core/documents';
import { type AnyColumn, and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  adminEvents,
  authEvents,
  deals,
  documentEvents,
  drafts,
  templates,
  users,
} from '../../db/schema';
import { beforeCursor, decodeCursor, encodeCursor, microsecondText } from '../../http/cursor';
import type { Platform } from '../../platform/platform';

/*
 * The product's event log (issue 17): auth events, document events and admin actions, merged
 * newest first. Each source is read by its own keyset query (newest first from the cursor,
 * one row more than the page) on its created-at index; the three short lists are merged and
 * cut here, so a page never reads more than three pages' worth of rows.
 */

type AuthType = (typeof authEvents.$inferSelect)['type'];
type AdminActionName = (typeof adminActions)[number];

const authTypes: readonly string[] = authEvents.type.enumValues;
const actionNames: readonly string[] = adminActions;

/** A row of any source in the shape the log answers, `createdAt` to the microsecond. */
type SourceRow = Omit<AdminEvent, 'createdAt' | 'actor'> & {
  createdAt: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
};

const targetKindOf = { deals: 'deal', drafts: 'draft', templates: 'template' } as const;

/** The event log page after `cursor`, newest first; `nextCursor` null on the last page. */
export async function listAdminEvents(
  platform: Platform,
  query: AdminEventQuery,
): Promise<{ items: AdminEvent[]; nextCursor: string | null }> {
  const { db } = platform.database;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const limit = query.pageSize + 1;
  const wanted = (kind: AdminEventKind) => query.kind === undefined || query.kind === kind;
  /** The conditions every source shares: the time range and the cursor. */
  const window = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [
    ...(query.from ? [gte(createdAt, query.from)] : []),
    ...(query.to ? [lt(createdAt, query.to)] : []),
    ...(after ? [beforeCursor(createdAt, id, after)] : []),
  ];

  // A source is left out only when none of its rows could match: auth events name no document,
  // and the auth and admin sources have fixed type names.
  const readAuth =
    wanted('auth') &&
    query.documentId === undefined &&
    (query.type === undefined || authTypes.includes(query.type));
  const readAdmin =
    wanted('admin') && (query.type === undefined || actionNames.includes(query.type));
  const readDocument = wanted('document');

  const authRows = async (): Promise<SourceRow[]> => {
    const rows = await db
      .select({
        id: authEvents.id,
        type: authEvents.type,
        createdAt: microsecondText(authEvents.createdAt),
        actorId: users.id,
        actorName: users.name,
        actorEmail: users.email,
        ipAddress: authEvents.ipAddress,
      })
      .from(authEvents)
      .leftJoin(users, eq(users.id, authEvents.userId))
      .where(
        and(
          query.type !== undefined ? eq(authEvents.type, query.type as AuthType) : undefined,
          query.userId !== undefined ? eq(authEvents.userId, query.userId) : undefined,
          ...window(authEvents.createdAt, authEvents.id),
        ),
      )
      .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
      .limit(limit);
    return rows.map((row) => ({
      ...row,
      kind: 'auth',
      target: null,
      reason: null,
      data: {},
    }));
  };

  const documentRows = async (): Promise<SourceRow[]> => {
    const rows = await db
      .select({
        id: documentEvents.id,
        type: documentEvents.event,
        createdAt: microsecondText(documentEvents.createdAt),
        actorId: users.id,
        actorName: users.name,
        actorEmail: users.email,
        collection: documentEvents.collection,
        documentId: documentEvents.documentId,
        title: sql<string | null>`coalesce(${deals.title}, ${drafts.title}, ${templates.title})`,
        data: documentEvents.data,
      })
      .from(documentEvents)
      .leftJoin(users, eq(users.id, documentEvents.userId))
      .leftJoin(
        deals,
        and(eq(documentEvents.collection, 'deals'), eq(deals.id, documentEvents.documentId)),
      )
      .leftJoin(
        drafts,
        and(eq(documentEvents.collection, 'drafts'), eq(drafts.id, documentEvents.documentId)),
      )
      .leftJoin(
        templates,
        and(
          eq(documentEvents.collection, 'templates'),
          eq(templates.id, documentEvents.documentId),
        ),
      )
      .where(
        and(
          query.type !== undefined ? eq(documentEvents.event, query.type) : undefined,
          query.userId !== undefined ? eq(documentEvents.userId, query.userId) : undefined,
          // Every collection named, so the (collection, document_id, created_at) index serves it.
          query.documentId !== undefined
            ? and(
                inArray(documentEvents.collection, [...documentCollections]),
                eq(documentEvents.documentId, query.documentId),
              )
            : undefined,
          ...window(documentEvents.createdAt, documentEvents.id),
        ),
      )
      .orderBy(desc(documentEvents.createdAt), desc(documentEvents.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      kind: 'document',
      type: row.type,
      createdAt: row.createdAt,
      actorId: row.actorId,
      actorName: row.actorName,
      actorEmail: row.actorEmail,
      target: { kind: targetKindOf[row.collection], id: row.documentId, label: row.title },
      reason: null,
      ipAddress: null,
      data: row.data,
    }));
  };

  const adminRows = async (): Promise<SourceRow[]> => {
    const rows = await db
      .select({
        id: adminEvents.id,
        type: adminEvents.action,
        createdAt: microsecondText(adminEvents.createdAt),
        actorId: users.id,
        actorName: users.name,
        actorEmail: users.email,
        targetKind: adminEvents.targetKind,
        targetId: adminEvents.targetId,
        targetLabel: adminEvents.targetLabel,
        reason: adminEvents.reason,
        ipAddress: adminEvents.ipAddress,
        data: adminEvents.data,
      })
      .from(adminEvents)
      .leftJoin(users, eq(users.id, adminEvents.adminId))
      .where(
        and(
          query.type !== undefined
            ? eq(adminEvents.action, query.type as AdminActionName)
            : undefined,
          query.userId !== undefined
            ? or(eq(adminEvents.adminId, query.userId), eq(adminEvents.targetUserId, query.userId))
            : undefined,
          query.documentId !== undefined ? eq(adminEvents.targetId, query.documentId) : undefined,
          ...window(adminEvents.createdAt, adminEvents.id),
        ),
      )
      .orderBy(desc(adminEvents.createdAt), desc(adminEvents.id))
      .limit(limit);
    return rows.map(({ targetKind, targetId, targetLabel, ...row }) => ({
      ...row,
      kind: 'admin',
      target: { kind: targetKind, id: targetId, label: targetLabel },
    }));
  };

  const sources = await Promise.all([
    readAuth ? authRows() : [],
    readDocument ? documentRows() : [],
    readAdmin ? adminRows() : [],
  ]);
  // Both keys are fixed-width text ordered as the database orders them (UTC microseconds;
  // lower-case uuids compare as their bytes), so this is the order of the sources' indexes.
  const merged = sources
    .flat()
    .sort((a, b) => compareDesc(a.createdAt, b.createdAt) || compareDesc(a.id, b.id));
  const page = merged.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    items: page.map(({ actorId, actorName, actorEmail, createdAt, ...row }) => ({
      ...row,
      createdAt: new Date(createdAt),
      actor:
        actorId !== null && actorName !== null && actorEmail !== null
          ? { id: actorId, name: actorName, email: actorEmail }
          : null,
    })),
    nextCursor:
      merged.length > query.pageSize && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

function compareDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}
