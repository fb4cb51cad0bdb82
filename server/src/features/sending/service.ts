import {
  type DraftDeal,
  type DraftQueue,
  draftDisplayState,
  isPartyValid,
  isReceiverValid,
  normaliseEmailTags,
  type SendDraftInput,
  type SentCard,
  sectionsBlockingSign,
  totalPrice,
} from '@pactum/core/drafts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { deals, draftQueues, draftReceivers, draftSections, drafts, users } from '../../db/schema';
import { accessibleDocumentIds } from '../../documents/access';
import { refreshHomeCounts } from '../../documents/counters';
import { requireMember } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { publishDraft, requireDraft } from '../drafts';
import { applyCreditChange } from '../workspaces';
import { sendDraftJob } from './job';

/** The ledger key of a draft's send: one charge per draft, however often it is asked. */
export const sendIdempotencyKey = (draftId: string) => `send:draft:${draftId}`;

/**
 * `queDraftForSending` (spec 2 §4.7). Checks, then in ONE transaction: marks the draft sent
 * (a conditional update, so a second, parallel send finds it sent and changes nothing),
 * charges the credits through the ledger (keyed by the draft), creates the send queue and
 * enqueues the job that makes one deal per receiver.
 */
export async function sendDraft(
  platform: Platform,
  options: { userId: string; draftId: string; input: SendDraftInput },
): Promise<{ que: DraftQueue }> {
  const { input } = options;
  return platform.database.db.transaction(async (tx) => {
    const { draft } = await requireDraft(tx, { ...options, role: 'edit' });
    if (draft.sentAt) throw new AppError('draft_already_sent');
    // The sender's own party must be complete (spec 2 §5): the autosave of the send page
    // stores it while it is typed, so only here is a missing name or e-mail refused.
    if (!isPartyValid(draft.parties.sender)) {
      throw new AppError('sender_details_required');
    }
    const receivers = await tx
      .select()
      .from(draftReceivers)
      .where(eq(draftReceivers.draftId, draft.id))
      .orderBy(asc(draftReceivers.position));
    const isEveryReceiverValid = receivers.every((receiver) =>
      isReceiverValid({ party: receiver.party, emails: receiver.emails.map((e) => e.email) }),
    );
    if (receivers.length === 0 || !isEveryReceiverValid) {
      throw new AppError('receivers_required');
    }
    if (input.dealProcess === 'sign') {
      const sections = await tx
        .select()
        .from(draftSections)
        .where(and(eq(draftSections.draftId, draft.id), isNull(draftSections.deletedAt)));
      const [blocking] = sectionsBlockingSign(sections);
      if (blocking) {
        throw new AppError('section_requires_text', { title: blocking.title });
      }
    }
    const { workspace } = await requireMember(tx, {
      workspaceId: input.workspaceId,
      userId: options.userId,
    });
    if (!workspace.isVerified || workspace.isDisabled || workspace.isRejected) {
      throw new AppError('billing_account_in_review');
    }
    const total = totalPrice(draft.price, receivers.length);
    if (!workspace.isDemo && workspace.credits < total) {
      throw new AppError('insufficient_credits');
    }

    const now = new Date();
    const marked = await tx
      .update(drafts)
      .set({
        sentAt: now,
        sentBy: options.userId,
        dealProcess: input.dealProcess,
        batchName: input.batchName ?? draft.batchName,
        workspaceId: workspace.id,
        modifiedBy: options.userId,
        modifiedAt: now,
      })
      .where(and(eq(drafts.id, draft.id), isNull(drafts.sentAt), isNull(drafts.deletedAt)))
      .returning({ id: drafts.id });
    if (marked.length === 0) throw new AppError('draft_already_sent');

    if (!workspace.isDemo) {
      const [sender] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, options.userId));
      try {
        await applyCreditChange(tx, {
          workspaceId: workspace.id,
          idempotencyKey: sendIdempotencyKey(draft.id),
          product: 'send',
          spend: total,
          userId: options.userId,
          userName: sender?.name ?? null,
          collection: 'drafts',
          documentId: draft.id,
          documentProcess: input.dealProcess,
          documentTitle: draft.title,
          receiverName: receivers.map((receiver) => receiver.party.name).join(', '),
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'insufficient_credits') {
          throw new AppError('insufficient_credits');
        }
        throw error;
      }
    }
    const [queue] = await tx
      .insert(draftQueues)
      .values({ draftId: draft.id, progress: 5, step: 'queued' })
      .onConflictDoUpdate({
        target: draftQueues.draftId,
        set: { progress: 5, step: 'queued', errorMessage: null, modifiedAt: now },
      })
      .returning();
    if (!queue) throw new Error('queue not created');
    // Normalised once more: the job reads the receivers as they were when sent.
    for (const receiver of receivers) {
      const emails = normaliseEmailTags(receiver.emails.map((e) => e.email));
      if (emails.length !== receiver.emails.length) {
        const kept = receiver.emails.filter((e) => emails.includes(e.email));
        await tx
          .update(draftReceivers)
          .set({ emails: kept })
          .where(eq(draftReceivers.id, receiver.id));
      }
    }
    await platform.jobs.enqueue(tx, sendDraftJob(platform), { draftId: draft.id });
    await publishDraft(platform, tx, draft.id, 'queue.changed');
    await refreshHomeCounts(platform, tx, draft.createdBy);
    return {
      que: {
        id: queue.id,
        progress: queue.progress,
        step: queue.step,
        errorMessage: queue.errorMessage,
      },
    };
  });
}

/** `GET /drafts/:id/deals`: the deals made from a sent draft, for those who can read it. */
export async function listDraftDeals(
  platform: Platform,
  options: { userId: string; draftId: string },
): Promise<DraftDeal[]> {
  const { db } = platform.database;
  const { draft } = await requireDraft(db, options);
  const rows = await db
    .select()
    .from(deals)
    .where(eq(deals.draftId, draft.id))
    .orderBy(asc(deals.createdAt));
  return rows.map((deal) => ({
    id: deal.id,
    title: deal.title,
    state: deal.state,
    process: deal.process,
    receiverName: deal.parties.receiver?.name ?? '',
    contractUid: deal.contractUid,
    createdAt: deal.createdAt.toISOString(),
    negotiationStats: deal.negotiationStats,
  }));
}

/**
 * `GET /sent` (spec 2 §2.3), one page: the user's sent drafts, newest send first (ties by id, so
 * pages never repeat or skip a card), with deal counts, and whether more follow.
 */
export async function listSent(
  platform: Platform,
  options: { userId: string; page: number; pageSize: number },
): Promise<{ drafts: SentCard[]; page: number; pageSize: number; hasMore: boolean }> {
  const { db } = platform.database;
  const { page, pageSize } = options;
  const found = await db
    .select({
      id: drafts.id,
      title: drafts.title,
      language: drafts.language,
      visibility: drafts.visibility,
      createdAt: drafts.createdAt,
      sentAt: drafts.sentAt,
    })
    .from(drafts)
    .where(
      and(
        inArray(
          drafts.id,
          accessibleDocumentIds(db, { collection: 'drafts', userId: options.userId }),
        ),
        isNull(drafts.deletedAt),
        isNotNull(drafts.sentAt),
      ),
    )
    .orderBy(desc(drafts.sentAt), desc(drafts.id))
    // One past the page tells whether another follows.
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const rows = found.slice(0, pageSize);
  const ids = rows.map((row) => row.id);
  const counts = ids.length
    ? await db
        .select({
          draftId: deals.draftId,
          sent: count(),
          closed:
            sql<number>`count(*) FILTER (WHERE ${deals.state} IN ('signed', 'trash'))`.mapWith(
              Number,
            ),
        })
        .from(deals)
        .where(inArray(deals.draftId, ids))
        .groupBy(deals.draftId)
    : [];
  const countOf = new Map(counts.map((row) => [row.draftId, row]));
  const cards = rows.map((row) => {
    const sentCount = countOf.get(row.id)?.sent ?? 0;
    const closedCount = countOf.get(row.id)?.closed ?? 0;
    return {
      id: row.id,
      title: row.title,
      language: row.language,
      visibility: row.visibility,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      sentCount,
      closedCount,
      displayState: draftDisplayState({
        sentAt: row.sentAt,
        dealCount: sentCount,
        closedCount,
      }),
    };
  });
  return { drafts: cards, page, pageSize, hasMore: found.length > pageSize };
}
