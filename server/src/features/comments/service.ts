import type { PartyRole } from '@pactum/core/documents';
import {
  areCommentsAllowed,
  type CommentRow,
  type CommentThread,
  type CreateCommentInput,
  commentSnippet,
} from '@pactum/core/drafts';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  dealSections,
  deals,
  draftSections,
  drafts,
  internalComments,
  users,
} from '../../db/schema';
import { type DocumentAccess, resolveAccess } from '../../documents/access';
import { appendEvent } from '../../documents/audit-chain';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';

export type CommentCollection = 'drafts' | 'deals';

/**
 * The topic of a document's internal comments for one party: `comments:<documentId>_<party>`.
 * Only users of that party subscribe to it, so the other party never hears of a comment.
 */
export const commentsTopic = (documentId: string, party: PartyRole) =>
  `comments:${documentId}_${party}`;

type Caller = {
  access: DocumentAccess;
  party: PartyRole;
  dealState: (typeof deals.$inferSelect)['state'] | null;
};

/**
 * Who the caller is on a document's internal comments: someone with access, on the sender
 * side for drafts and on their own access party for deals. Anyone else gets 404 (signers
 * without a negotiating party included), so comment ids and documents cannot be probed.
 */
export async function resolveCommenter(
  db: DbOrTx,
  options: { collection: CommentCollection; documentId: string; userId: string },
): Promise<Caller> {
  let dealState: Caller['dealState'] = null;
  let sentBy: string | null = null;
  if (options.collection === 'drafts') {
    const [draft] = await db
      .select({ id: drafts.id })
      .from(drafts)
      .where(and(eq(drafts.id, options.documentId), isNull(drafts.deletedAt)));
    if (!draft) throw new AppError('not_found');
  } else {
    const [deal] = await db
      .select({ state: deals.state, sentBy: deals.sentBy })
      .from(deals)
      .where(eq(deals.id, options.documentId));
    if (!deal) throw new AppError('not_found');
    dealState = deal.state;
    sentBy = deal.sentBy;
  }
  const access = await resolveAccess(db, options);
  if (!access) throw new AppError('not_found');
  const party: PartyRole | null =
    options.collection === 'drafts'
      ? 'sender'
      : access.party === 'sender' || access.party === 'receiver'
        ? access.party
        : // An entry without a party (a shared workspace or group): the sender is still the sender.
          access.party === null && sentBy === options.userId
          ? 'sender'
          : null;
  if (!party) throw new AppError('not_found');
  return { access, party, dealState };
}

function requireOpen(caller: Caller) {
  if (caller.dealState && !areCommentsAllowed(caller.dealState)) {
    if (caller.dealState === 'trash') throw new AppError('deal_not_editable');
    throw new AppError('comments_closed');
  }
}

async function requireSection(
  db: DbOrTx,
  collection: CommentCollection,
  documentId: string,
  sectionId: string,
) {
  const table = collection === 'drafts' ? draftSections : dealSections;
  const owner = collection === 'drafts' ? draftSections.draftId : dealSections.dealId;
  const [section] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, sectionId), eq(owner, documentId), isNull(table.deletedAt)));
  if (!section) throw new AppError('section_not_found');
}

const commentColumns = {
  comment: internalComments,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
};

function toRow(row: {
  comment: typeof internalComments.$inferSelect;
  firstname: string;
  lastname: string;
  email: string;
}): CommentRow {
  const { comment } = row;
  return {
    id: comment.id,
    sectionId: comment.sectionId,
    threadId: comment.threadId,
    party: comment.party,
    content: comment.content,
    creator: {
      id: comment.createdBy,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
    },
    createdAt: comment.createdAt.toISOString(),
    modifiedAt: comment.modifiedAt.toISOString(),
    isResolved: comment.isResolved,
    resolvedBy: comment.resolvedBy,
    resolvedAt: comment.resolvedAt?.toISOString() ?? null,
  };
}

/** `GET /:collection/:documentId/comments`: the caller's party's threads with their replies. */
export async function listComments(
  platform: Platform,
  options: {
    userId: string;
    collection: CommentCollection;
    documentId: string;
    sectionId?: string | undefined;
  },
): Promise<CommentThread[]> {
  const { db } = platform.database;
  const caller = await resolveCommenter(db, options);
  const rows = await db
    .select(commentColumns)
    .from(internalComments)
    .innerJoin(users, eq(users.id, internalComments.createdBy))
    .where(
      and(
        eq(internalComments.collection, options.collection),
        eq(internalComments.documentId, options.documentId),
        eq(internalComments.party, caller.party),
        isNull(internalComments.deletedAt),
        options.sectionId ? eq(internalComments.sectionId, options.sectionId) : undefined,
      ),
    )
    .orderBy(asc(internalComments.createdAt));
  const all = rows.map(toRow);
  return all
    .filter((row) => row.threadId === null)
    .map((root) => ({ ...root, replies: all.filter((row) => row.threadId === root.id) }));
}

async function publishComments(
  platform: Platform,
  tx: DbOrTx,
  comment: { documentId: string; party: PartyRole; sectionId: string },
) {
  await platform.realtime.publish(tx, {
    topic: commentsTopic(comment.documentId, comment.party),
    type: 'comments.changed',
    data: { sectionId: comment.sectionId },
  });
}

async function recordCommentEvent(
  tx: Tx,
  event:
    | 'section-internal-thread'
    | 'section-internal-thread-reply'
    | 'section-internal-thread-resolve',
  comment: typeof internalComments.$inferSelect,
  userId: string,
  content: string,
) {
  await appendEvent(tx, {
    collection: comment.collection,
    documentId: comment.documentId,
    event,
    party: comment.party,
    sectionId: comment.sectionId,
    userId,
    data: { commentId: comment.id, snippet: commentSnippet(content) },
  });
}

async function insertComment(
  tx: Tx,
  values: Pick<
    typeof internalComments.$inferInsert,
    'collection' | 'documentId' | 'sectionId' | 'threadId' | 'party' | 'content' | 'createdBy'
  >,
) {
  const [comment] = await tx.insert(internalComments).values(values).returning();
  if (!comment) throw new Error('comment not created');
  return comment;
}

async function markResolved(tx: Tx, threadId: string, userId: string) {
  await tx
    .update(internalComments)
    .set({ isResolved: true, resolvedBy: userId, resolvedAt: new Date(), modifiedAt: new Date() })
    .where(eq(internalComments.id, threadId));
}

/** A thread root of the caller's party on this document (404 'Thread not found' otherwise). */
async function requireThread(
  db: DbOrTx,
  options: { collection: CommentCollection; documentId: string; party: PartyRole; id: string },
) {
  const [thread] = await db
    .select()
    .from(internalComments)
    .where(
      and(
        eq(internalComments.id, options.id),
        eq(internalComments.collection, options.collection),
        eq(internalComments.documentId, options.documentId),
        eq(internalComments.party, options.party),
        isNull(internalComments.threadId),
        isNull(internalComments.deletedAt),
      ),
    );
  if (!thread) throw new AppError('thread_not_found');
  return thread;
}

/**
 * `POST /:collection/:documentId/comments`: a new thread on a section, or a reply to a thread
 * (optionally resolving it). Events section-internal-thread(-reply, -resolve) with the party.
 */
export async function createComment(
  platform: Platform,
  options: {
    userId: string;
    collection: CommentCollection;
    documentId: string;
    input: CreateCommentInput;
  },
): Promise<CommentRow> {
  const { input } = options;
  const id = await platform.database.db.transaction(async (tx) => {
    const caller = await resolveCommenter(tx, options);
    requireOpen(caller);
    let sectionId = input.sectionId;
    if (input.threadId) {
      const thread = await requireThread(tx, {
        ...options,
        party: caller.party,
        id: input.threadId,
      });
      sectionId = thread.sectionId;
    } else {
      await requireSection(tx, options.collection, options.documentId, sectionId);
    }
    const comment = await insertComment(tx, {
      collection: options.collection,
      documentId: options.documentId,
      sectionId,
      threadId: input.threadId ?? null,
      party: caller.party,
      content: input.content,
      createdBy: options.userId,
    });
    await recordCommentEvent(
      tx,
      input.threadId ? 'section-internal-thread-reply' : 'section-internal-thread',
      comment,
      options.userId,
      input.content,
    );
    if (input.threadId && input.resolve) {
      await markResolved(tx, input.threadId, options.userId);
      await recordCommentEvent(
        tx,
        'section-internal-thread-resolve',
        comment,
        options.userId,
        input.content,
      );
    }
    await publishComments(platform, tx, comment);
    return comment.id;
  });
  return getComment(platform.database.db, id);
}

async function getComment(db: DbOrTx, id: string): Promise<CommentRow> {
  const [row] = await db
    .select(commentColumns)
    .from(internalComments)
    .innerJoin(users, eq(users.id, internalComments.createdBy))
    .where(eq(internalComments.id, id));
  if (!row) throw new AppError('not_found');
  return toRow(row);
}

/** A live comment by id, seen from the caller: only their own party's (404 otherwise). */
async function requireComment(db: DbOrTx, options: { id: string; userId: string }) {
  const [comment] = await db
    .select()
    .from(internalComments)
    .where(and(eq(internalComments.id, options.id), isNull(internalComments.deletedAt)));
  if (!comment) throw new AppError('not_found');
  const caller = await resolveCommenter(db, {
    collection: comment.collection as CommentCollection,
    documentId: comment.documentId,
    userId: options.userId,
  });
  if (caller.party !== comment.party) throw new AppError('not_found');
  return { comment, caller };
}

/** `PATCH /comments/:id`: only the author edits. */
export async function updateComment(
  platform: Platform,
  options: { userId: string; id: string; content: string },
): Promise<CommentRow> {
  await platform.database.db.transaction(async (tx) => {
    const { comment, caller } = await requireComment(tx, options);
    requireOpen(caller);
    if (comment.createdBy !== options.userId) {
      throw new AppError('comment_author_only');
    }
    await tx
      .update(internalComments)
      .set({ content: options.content, modifiedAt: new Date() })
      .where(eq(internalComments.id, comment.id));
    await publishComments(platform, tx, comment);
  });
  return getComment(platform.database.db, options.id);
}

/** `POST /comments/:id/resolve`: resolves a thread, optionally with a closing reply. */
export async function resolveThread(
  platform: Platform,
  options: { userId: string; id: string; reply?: string | undefined },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const { comment, caller } = await requireComment(tx, options);
    requireOpen(caller);
    if (comment.threadId) throw new AppError('thread_not_found');
    let eventComment = comment;
    if (options.reply) {
      eventComment = await insertComment(tx, {
        collection: comment.collection,
        documentId: comment.documentId,
        sectionId: comment.sectionId,
        threadId: comment.id,
        party: comment.party,
        content: options.reply,
        createdBy: options.userId,
      });
      await recordCommentEvent(
        tx,
        'section-internal-thread-reply',
        eventComment,
        options.userId,
        options.reply,
      );
    }
    await markResolved(tx, comment.id, options.userId);
    await recordCommentEvent(
      tx,
      'section-internal-thread-resolve',
      eventComment,
      options.userId,
      options.reply ?? comment.content,
    );
    await publishComments(platform, tx, comment);
  });
}

/** `POST /comments/:id/reopen`: open again; resolvedBy and resolvedAt are cleared. */
export async function reopenThread(
  platform: Platform,
  options: { userId: string; id: string },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const { comment, caller } = await requireComment(tx, options);
    requireOpen(caller);
    if (comment.threadId) throw new AppError('thread_not_found');
    await tx
      .update(internalComments)
      .set({ isResolved: false, resolvedBy: null, resolvedAt: null, modifiedAt: new Date() })
      .where(eq(internalComments.id, comment.id));
    await publishComments(platform, tx, comment);
  });
}

/**
 * `DELETE /comments/:id`: by the author or a user with edit access; a thread root takes its
 * replies with it. Kept as deleted.
 */
export async function deleteComment(
  platform: Platform,
  options: { userId: string; id: string },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const { comment, caller } = await requireComment(tx, options);
    requireOpen(caller);
    if (comment.createdBy !== options.userId && caller.access.role !== 'edit') {
      throw new AppError('comment_delete_not_allowed');
    }
    await tx
      .update(internalComments)
      .set({ deletedAt: new Date() })
      .where(
        and(
          isNull(internalComments.deletedAt),
          or(eq(internalComments.id, comment.id), eq(internalComments.threadId, comment.id)),
        ),
      );
    await publishComments(platform, tx, comment);
  });
}

/** The realtime check of `comments:<documentId>_<party>`: the caller must be of that party. */
export async function canWatchComments(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const match = /^([0-9a-f-]{36})_(sender|receiver)$/.exec(id);
  if (!match) return false;
  const [, documentId = '', party] = match;
  for (const collection of ['drafts', 'deals'] as const) {
    try {
      const caller = await resolveCommenter(db, { collection, documentId, userId });
      return caller.party === party;
    } catch (error) {
      // Not this collection, or no access; a failed database is no answer at all.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return false;
}
