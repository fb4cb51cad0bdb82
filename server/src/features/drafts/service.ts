import { randomUUID } from 'node:crypto';
import type { AccessRole } from '@pactum/core/documents';
import {
  type DraftDetail,
  type DraftQueue,
  type DraftRow,
  normaliseEmailTags,
  type PutReceiversInput,
  type Receiver,
  type UpdateDraftInput,
} from '@pactum/core/drafts';
import { and, asc, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  documentAccess,
  documentTags,
  draftQueues,
  draftReceivers,
  drafts,
  type templateSections,
  templates,
  users,
  workspaceTags,
} from '../../db/schema';
import { requireAccess } from '../../documents/access';
import { appendEvent } from '../../documents/audit-chain';
import { refreshHomeCounts } from '../../documents/counters';
import { listedDrafts } from '../../documents/listed-drafts';
import { requireMember } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { copySections, listSections, recordDocumentOpen } from '../sections';
import { grantTokenWorkspaceAccess } from '../sharing';

export type DraftRecord = typeof drafts.$inferSelect;

/** Tells the draft's watchers (topic `draft:<id>`) that it changed; ids only. */
export function publishDraft(platform: Platform, tx: DbOrTx, draftId: string, type: string) {
  return platform.realtime.publish(tx, { topic: `draft:${draftId}`, type, data: { draftId } });
}

/**
 * A live (not deleted) draft the user can reach, with their access; 404 when there is none or
 * no access, 403 when `edit` is needed and the user has only `view`.
 */
export async function requireDraft(
  db: DbOrTx,
  options: { draftId: string; userId: string; role?: AccessRole },
) {
  const [draft] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.id, options.draftId), isNull(drafts.deletedAt)));
  if (!draft) throw new AppError('not_found');
  const access = await requireAccess(db, {
    collection: 'drafts',
    documentId: draft.id,
    userId: options.userId,
    ...(options.role ? { role: options.role } : {}),
  });
  return { draft, access };
}

/** A draft that can still change: not sent. */
function requireUnsent(draft: DraftRecord) {
  if (draft.sentAt) throw new AppError('draft_already_sent');
}

/**
 * Copies section rows to new ids, keeping each child under the copy of its parent, in one
 * batch insert (spec 2 §4.4).
 */
export function copySectionRows<S extends typeof templateSections.$inferSelect>(
  rows: readonly Pick<
    S,
    | 'id'
    | 'parentId'
    | 'position'
    | 'type'
    | 'title'
    | 'help'
    | 'content'
    | 'defaultContentId'
    | 'editLock'
  >[],
) {
  const ids = new Map(rows.map((row) => [row.id, randomUUID()]));
  return rows.map((row) => ({
    id: ids.get(row.id) ?? randomUUID(),
    sourceId: row.id,
    parentId: row.parentId ? (ids.get(row.parentId) ?? null) : null,
    position: row.position,
    type: row.type,
    title: row.title,
    help: row.help,
    content: row.content,
    defaultContentId: row.defaultContentId,
    editLock: row.editLock,
  }));
}

/**
 * `draft-create` (spec 2 §4.4): a draft from a template the user can read, visibility team;
 * the template's sections copied in one batch, the creator given edit access, the template's
 * access entries copied unless it is global; event document-create.
 */
export async function createDraftFromTemplate(
  platform: Platform,
  options: { userId: string; templateId: string },
): Promise<DraftDetail> {
  const { db } = platform.database;
  const draftId = await db.transaction(async (tx) => {
    const [template] = await tx
      .select()
      .from(templates)
      .where(and(eq(templates.id, options.templateId), isNull(templates.deletedAt)));
    if (!template) throw new AppError('not_found');
    if (!template.isGlobal) {
      await requireAccess(tx, {
        collection: 'templates',
        documentId: template.id,
        userId: options.userId,
      });
    }
    const [draft] = await tx
      .insert(drafts)
      .values({
        title: template.title,
        abstract: template.abstract,
        templateId: template.id,
        templateTitle: template.title,
        language: template.language,
        visibility: 'team',
        parties: template.parties,
        price: template.price,
        createdBy: options.userId,
        modifiedBy: options.userId,
      })
      .returning({ id: drafts.id });
    if (!draft) throw new Error('draft not created');

    await copySections(tx, {
      from: { collection: 'templates', documentId: template.id },
      to: { collection: 'drafts', documentId: draft.id },
      userId: options.userId,
    });

    await tx.insert(documentAccess).values({
      collection: 'drafts',
      documentId: draft.id,
      userId: options.userId,
      role: 'edit',
      party: 'sender',
      createdBy: options.userId,
    });
    await grantTokenWorkspaceAccess(tx, {
      collection: 'drafts',
      documentId: draft.id,
      userId: options.userId,
      role: 'edit',
      party: 'sender',
    });
    if (!template.isGlobal) {
      const entries = await tx
        .select()
        .from(documentAccess)
        .where(
          and(
            eq(documentAccess.collection, 'templates'),
            eq(documentAccess.documentId, template.id),
          ),
        );
      const copied = entries.filter((entry) => entry.userId !== options.userId);
      if (copied.length > 0) {
        await tx
          .insert(documentAccess)
          .values(
            copied.map((entry) => ({
              collection: 'drafts' as const,
              documentId: draft.id,
              userId: entry.userId,
              email: entry.email,
              workspaceId: entry.workspaceId,
              groupId: entry.groupId,
              role: entry.role,
              party: 'sender' as const,
              createdBy: options.userId,
            })),
          )
          .onConflictDoNothing();
      }
    }
    await appendEvent(tx, {
      collection: 'drafts',
      documentId: draft.id,
      event: 'document-create',
      userId: options.userId,
      data: { templateId: template.id },
    });
    await refreshHomeCounts(platform, tx, options.userId);
    return draft.id;
  });
  return getDraft(platform, { userId: options.userId, draftId });
}

/**
 * The draft list (spec 2 §2.2), one page: drafts the user can reach, newest first (ties by id,
 * so pages never repeat or skip a draft), without deleted, sent and PDF-process drafts; with the
 * number of them all for the table's pager. The spec's list showed up to 1000 rows at once; the
 * table pages instead, so a long list costs one page per request.
 */
export async function listDrafts(
  platform: Platform,
  options: { userId: string; page: number; pageSize: number },
): Promise<{ drafts: DraftRow[]; total: number; page: number; pageSize: number }> {
  const { db } = platform.database;
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
  const ids = rows.map((row) => row.id);
  const tags = await tagsOf(db, ids);
  const firstReceivers = ids.length
    ? await db
        .selectDistinctOn([draftReceivers.draftId], {
          draftId: draftReceivers.draftId,
          party: draftReceivers.party,
        })
        .from(draftReceivers)
        .where(inArray(draftReceivers.draftId, ids))
        .orderBy(draftReceivers.draftId, asc(draftReceivers.position))
    : [];
  const receiverOf = new Map(firstReceivers.map((row) => [row.draftId, row.party.name]));
  const orNull = (name: string | undefined) => (name?.trim() ? name.trim() : null);
  return {
    drafts: rows.map((row) => ({
      id: row.id,
      title: row.title,
      senderName: orNull(row.parties.sender?.name),
      receiverName: orNull(receiverOf.get(row.id) ?? row.parties.receiver?.name),
      createdBy: { id: row.createdBy, name: row.creatorName },
      createdAt: row.createdAt.toISOString(),
      tags: tags.get(row.id) ?? [],
    })),
    total: Number(counted?.total ?? 0),
    page,
    pageSize,
  };
}

async function tagsOf(db: DbOrTx, documentIds: string[]) {
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

export async function listReceivers(db: DbOrTx, draftId: string): Promise<Receiver[]> {
  const rows = await db
    .select()
    .from(draftReceivers)
    .where(eq(draftReceivers.draftId, draftId))
    .orderBy(asc(draftReceivers.position), asc(draftReceivers.createdAt));
  return rows.map((row) => ({
    id: row.id,
    party: row.party,
    emails: row.emails,
    dealId: row.dealId,
    status: row.status,
    position: row.position,
  }));
}

export async function getQueue(db: DbOrTx, draftId: string): Promise<DraftQueue | null> {
  const [queue] = await db.select().from(draftQueues).where(eq(draftQueues.draftId, draftId));
  return queue
    ? {
        id: queue.id,
        progress: queue.progress,
        step: queue.step,
        errorMessage: queue.errorMessage,
      }
    : null;
}

/** `GET /drafts/:id`: the draft with its sections, receivers and send queue. */
export async function getDraft(
  platform: Platform,
  options: { userId: string; draftId: string },
): Promise<DraftDetail> {
  const { db } = platform.database;
  const { draft, access } = await requireDraft(db, options);
  await recordDocumentOpen(db, {
    collection: 'drafts',
    documentId: draft.id,
    userId: options.userId,
    party: 'sender',
  });
  const [tags, sections, receivers, queue] = await Promise.all([
    tagsOf(db, [draft.id]),
    listSections(db, 'drafts', draft.id),
    listReceivers(db, draft.id),
    getQueue(db, draft.id),
  ]);
  return {
    id: draft.id,
    title: draft.title,
    abstract: draft.abstract,
    templateId: draft.templateId,
    templateTitle: draft.templateTitle,
    language: draft.language,
    visibility: draft.visibility,
    parties: draft.parties,
    dealProcess: draft.dealProcess,
    defaultProcess: draft.defaultProcess,
    batchName: draft.batchName,
    senderMessage: draft.senderMessage,
    workspaceId: draft.workspaceId,
    price: draft.price,
    createdBy: draft.createdBy,
    createdAt: draft.createdAt.toISOString(),
    sentAt: draft.sentAt?.toISOString() ?? null,
    canEdit: access.role === 'edit',
    isCreator: draft.createdBy === options.userId,
    tags: tags.get(draft.id) ?? [],
    sections,
    receivers,
    queue,
  };
}

/** `PATCH /drafts/:id` by an editor, while the draft is not sent. */
export async function updateDraft(
  platform: Platform,
  options: { userId: string; draftId: string; input: UpdateDraftInput },
): Promise<DraftDetail> {
  const { input } = options;
  await platform.database.db.transaction(async (tx) => {
    const { draft } = await requireDraft(tx, { ...options, role: 'edit' });
    requireUnsent(draft);
    if (input.workspaceId) {
      await requireMember(tx, { workspaceId: input.workspaceId, userId: options.userId });
    }
    const changes: Partial<typeof drafts.$inferInsert> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.abstract !== undefined) changes.abstract = input.abstract;
    if (input.parties !== undefined) changes.parties = input.parties;
    if (input.dealProcess !== undefined) changes.dealProcess = input.dealProcess;
    if (input.batchName !== undefined) changes.batchName = input.batchName || null;
    if (input.senderMessage !== undefined) changes.senderMessage = input.senderMessage || null;
    if (input.workspaceId !== undefined) changes.workspaceId = input.workspaceId;
    if (input.visibility !== undefined) changes.visibility = input.visibility;
    await tx
      .update(drafts)
      .set({ ...changes, modifiedBy: options.userId, modifiedAt: new Date() })
      .where(eq(drafts.id, draft.id));
    await publishDraft(platform, tx, draft.id, 'document.changed');
  });
  return getDraft(platform, options);
}

/** `DELETE /drafts/:id`: only the creator, and only a draft not sent; kept as deleted. */
export async function deleteDraft(
  platform: Platform,
  options: { userId: string; draftId: string },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const { draft } = await requireDraft(tx, options);
    if (draft.createdBy !== options.userId) {
      throw new AppError('draft_creator_only_delete');
    }
    requireUnsent(draft);
    await tx
      .update(drafts)
      .set({ deletedAt: new Date(), deletedBy: options.userId })
      .where(eq(drafts.id, draft.id));
    await publishDraft(platform, tx, draft.id, 'document.deleted');
    await refreshHomeCounts(platform, tx, options.userId);
  });
}

/**
 * `POST /drafts/:id/template`: a new template made of the draft's title, abstract, parties
 * and sections; the user gets edit access to it.
 */
export async function createTemplateFromDraft(
  platform: Platform,
  options: { userId: string; draftId: string; title?: string | undefined },
): Promise<{ templateId: string }> {
  return platform.database.db.transaction(async (tx) => {
    const { draft } = await requireDraft(tx, options);
    const [source] = draft.templateId
      ? await tx
          .select({ category: templates.category, region: templates.region })
          .from(templates)
          .where(eq(templates.id, draft.templateId))
      : [];
    const [template] = await tx
      .insert(templates)
      .values({
        title: options.title ?? draft.title,
        abstract: draft.abstract,
        category: source?.category ?? null,
        language: draft.language,
        region: source?.region ?? null,
        parties: draft.parties,
        fromCollection: 'drafts',
        fromDocumentId: draft.id,
        createdBy: options.userId,
        modifiedBy: options.userId,
      })
      .returning({ id: templates.id });
    if (!template) throw new Error('template not created');
    await copySections(tx, {
      from: { collection: 'drafts', documentId: draft.id },
      to: { collection: 'templates', documentId: template.id },
      userId: options.userId,
    });
    await tx.insert(documentAccess).values({
      collection: 'templates',
      documentId: template.id,
      userId: options.userId,
      role: 'edit',
      createdBy: options.userId,
    });
    await grantTokenWorkspaceAccess(tx, {
      collection: 'templates',
      documentId: template.id,
      userId: options.userId,
      role: 'edit',
    });
    await appendEvent(tx, {
      collection: 'templates',
      documentId: template.id,
      event: 'document-create',
      userId: options.userId,
      data: { fromDraftId: draft.id },
    });
    return { templateId: template.id };
  });
}

/**
 * `PUT /drafts/:id/receivers`: the draft's receivers become exactly these, in this order.
 * E-mails are normalised (trimmed, lower-cased, invalid dropped, de-duplicated); an e-mail
 * kept from before keeps its id.
 */
export async function putReceivers(
  platform: Platform,
  options: { userId: string; draftId: string; input: PutReceiversInput },
): Promise<Receiver[]> {
  return platform.database.db.transaction(async (tx) => {
    const { draft } = await requireDraft(tx, { ...options, role: 'edit' });
    requireUnsent(draft);
    const existing = await tx
      .select()
      .from(draftReceivers)
      .where(eq(draftReceivers.draftId, draft.id));
    const byId = new Map(existing.map((row) => [row.id, row]));
    const keptIds = options.input.receivers
      .map((receiver) => receiver.id)
      .filter((id): id is string => !!id && byId.has(id));
    await tx
      .delete(draftReceivers)
      .where(
        keptIds.length > 0
          ? and(eq(draftReceivers.draftId, draft.id), notInArray(draftReceivers.id, keptIds))
          : eq(draftReceivers.draftId, draft.id),
      );
    for (const [position, receiver] of options.input.receivers.entries()) {
      const previous = receiver.id ? byId.get(receiver.id) : undefined;
      const previousIds = new Map(previous?.emails.map((e) => [e.email, e.id]) ?? []);
      const emails = normaliseEmailTags(receiver.emails).map((email) => ({
        id: previousIds.get(email) ?? randomUUID(),
        email,
      }));
      if (previous) {
        await updateReceiver(tx, previous.id, { party: receiver.party, emails, position });
      } else {
        await tx
          .insert(draftReceivers)
          .values({ draftId: draft.id, party: receiver.party, emails, position });
      }
    }
    await tx
      .update(drafts)
      .set({ modifiedBy: options.userId, modifiedAt: sql`now()` })
      .where(eq(drafts.id, draft.id));
    await publishDraft(platform, tx, draft.id, 'receivers.changed');
    return listReceivers(tx, draft.id);
  });
}

function updateReceiver(
  tx: Tx,
  id: string,
  values: Pick<typeof draftReceivers.$inferInsert, 'party' | 'emails' | 'position'>,
) {
  return tx.update(draftReceivers).set(values).where(eq(draftReceivers.id, id));
}
