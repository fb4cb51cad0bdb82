import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  documentAccess,
  documentTags,
  drafts,
  templates,
  users,
  workspaceTags,
} from '../../db/schema';
import { listedDrafts } from '../../documents/listed-drafts';

/*
 * The SQL of drafts: the draft rows, their list page and tags, the template a draft is made
 * from (or makes) and the access entries that come with them. Receivers: receiver-queries.ts.
 */

export type DraftRecord = typeof drafts.$inferSelect;

/** A live (not deleted) draft. */
export async function findLiveDraft(db: DbOrTx, draftId: string): Promise<DraftRecord | undefined> {
  const [draft] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.id, draftId), isNull(drafts.deletedAt)));
  return draft;
}

/** Writes a new draft; its id (undefined if none was written). */
export async function insertDraft(tx: Tx, values: typeof drafts.$inferInsert) {
  const [draft] = await tx.insert(drafts).values(values).returning({ id: drafts.id });
  return draft;
}

/** Writes changes to a draft, with its modifier and modified time. */
export async function updateDraftRow(
  tx: Tx,
  options: { draftId: string; userId: string; changes: Partial<typeof drafts.$inferInsert> },
) {
  await tx
    .update(drafts)
    .set({ ...options.changes, modifiedBy: options.userId, modifiedAt: new Date() })
    .where(eq(drafts.id, options.draftId));
}

/** Marks a draft deleted by the user. */
export async function markDraftDeleted(tx: Tx, options: { draftId: string; userId: string }) {
  await tx
    .update(drafts)
    .set({ deletedAt: new Date(), deletedBy: options.userId })
    .where(eq(drafts.id, options.draftId));
}

/**
 * One page of the drafts the draft list shows the user, newest first (ties by id), each with
 * its creator's name, and the number of them all.
 */
export async function findDraftPage(
  db: DbOrTx,
  options: { userId: string; page: number; pageSize: number },
) {
  const { page, pageSize } = options;
  const listed = listedDrafts(db, options.userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: drafts.id,
        title: drafts.title,
        parties: drafts.parties,
        createdAt: drafts.createdAt,
        createdBy: drafts.createdBy,
        creatorName: users.name,
      })
      .from(drafts)
      .innerJoin(users, eq(users.id, drafts.createdBy))
      .where(listed)
      .orderBy(desc(drafts.createdAt), desc(drafts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(drafts).where(listed),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The workspace tags of drafts, by draft, alphabetical. */
export async function tagsOf(db: DbOrTx, documentIds: string[]) {
  const result = new Map<string, { id: string; tag: string }[]>();
  if (documentIds.length === 0) return result;
  const rows = await db
    .select({ documentId: documentTags.documentId, id: workspaceTags.id, tag: workspaceTags.tag })
    .from(documentTags)
    .innerJoin(workspaceTags, eq(workspaceTags.id, documentTags.tagId))
    .where(
      and(eq(documentTags.collection, 'drafts'), inArray(documentTags.documentId, documentIds)),
    )
    .orderBy(workspaceTags.tag);
  for (const row of rows) {
    const list = result.get(row.documentId) ?? [];
    list.push({ id: row.id, tag: row.tag });
    result.set(row.documentId, list);
  }
  return result;
}

/** A live (not deleted) template. */
export async function findLiveTemplate(db: DbOrTx, templateId: string) {
  const [template] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, templateId), isNull(templates.deletedAt)));
  return template;
}

/** The category and region of a template (deleted or not), if it exists. */
export async function findTemplateOrigin(db: DbOrTx, templateId: string | null) {
  const [source] = templateId
    ? await db
        .select({ category: templates.category, region: templates.region })
        .from(templates)
        .where(eq(templates.id, templateId))
    : [];
  return source;
}

/** Writes a new template; its id (undefined if none was written). */
export async function insertTemplateRow(tx: Tx, values: typeof templates.$inferInsert) {
  const [template] = await tx.insert(templates).values(values).returning({ id: templates.id });
  return template;
}

/** The access entries of a template. */
export function findTemplateEntries(db: DbOrTx, templateId: string) {
  return db
    .select()
    .from(documentAccess)
    .where(
      and(eq(documentAccess.collection, 'templates'), eq(documentAccess.documentId, templateId)),
    );
}

/** Writes one access entry. */
export async function insertAccessEntry(tx: Tx, values: typeof documentAccess.$inferInsert) {
  await tx.insert(documentAccess).values(values);
}

/** Writes access entries, leaving out those that are there already. */
export async function insertAccessEntriesIfNew(
  tx: Tx,
  values: Array<typeof documentAccess.$inferInsert>,
) {
  await tx.insert(documentAccess).values(values).onConflictDoNothing();
}
