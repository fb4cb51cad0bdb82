import { randomUUID } from 'node:crypto';
import { defaultContractId, draftMessages, inviteLinkPath } from '@pactum/core/drafts';
import type { Lang } from '@pactum/core/validation';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  attachments,
  dealInvites,
  dealSections,
  deals,
  documentAccess,
  draftQueues,
  draftReceivers,
  draftSections,
  drafts,
  type SectionLogEntry,
  users,
} from '../../db/schema';
import { appendEvent } from '../../documents/audit-chain';
import { refreshHomeCounts } from '../../documents/counters';
import { dealViewerIds } from '../../documents/deal-reads';
import { dealChanged } from '../../documents/live';
import { AppError } from '../../http/app-error';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import { publishDraft } from '../drafts';
import { newLinkId } from '../invites';
import { notifyDealCreated } from '../notifications';
import { copySectionRows } from '../sections';
import { queueDealWebhook } from '../webhooks';

type SendJobData = { draftId: string };

const RETRY_LIMIT = 5;
const definitions = new WeakMap<Platform, JobDefinition<SendJobData>>();

/**
 * Ends the process at a named point when a crash test asked for it (PACTUM_CRASH_AT, never in
 * production), to show that a send interrupted there finishes exactly once after a restart.
 */
function crashPoint(platform: Platform, name: string) {
  if (platform.config.crashAt === name) process.exit(70);
}

/**
 * The send job of a draft (spec 2 §4.7): one deal per receiver, each in its own transaction
 * together with its sections, attachments, access (every access entry of the draft, on the
 * sender's side, with its role), invites and invite mails, so a retried or
 * restarted job skips the receivers already done (deal.draft_receiver_id is unique) and makes
 * no duplicate. Progress goes to the draft queue and the topic `draft:<id>`.
 */
export function sendDraftJob(platform: Platform): JobDefinition<SendJobData> {
  const known = definitions.get(platform);
  if (known) return known;
  const definition = defineJob<SendJobData>({
    name: 'draft.send',
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 5,
    // One short transaction per receiver: seconds even for a long list. An expired run is
    // retried beside the first, which is harmless (each deal is made once) but wasted work.
    expireInSeconds: 5 * 60,
    async handle(data, context) {
      try {
        await runSend(platform, data.draftId);
      } catch (error) {
        if (context.retryCount >= RETRY_LIMIT) {
          // The browser shows it ('Error: %s'); an unexpected failure's own text stays in the
          // job's record, not on the page.
          const message = error instanceof AppError ? error.message : draftMessages.en.sendFailed;
          await platform.database.db.transaction(async (tx) => {
            await tx
              .update(draftQueues)
              .set({ step: 'error', errorMessage: message, modifiedAt: new Date() })
              .where(eq(draftQueues.draftId, data.draftId));
            await publishDraft(platform, tx, data.draftId, 'queue.changed');
          });
        }
        throw error;
      }
    },
  });
  definitions.set(platform, definition);
  return definition;
}

async function runSend(platform: Platform, draftId: string) {
  const { db } = platform.database;
  const [draft] = await db.select().from(drafts).where(eq(drafts.id, draftId));
  if (!draft?.sentAt || !draft.sentBy) return;
  const sentBy = draft.sentBy;
  const sentAt = draft.sentAt;
  const [queue] = await db.select().from(draftQueues).where(eq(draftQueues.draftId, draftId));
  if (!queue || queue.step === 'done') return;

  const receivers = await db
    .select()
    .from(draftReceivers)
    .where(eq(draftReceivers.draftId, draftId))
    .orderBy(asc(draftReceivers.position), asc(draftReceivers.createdAt));
  const sections = await db
    .select()
    .from(draftSections)
    .where(and(eq(draftSections.draftId, draftId), isNull(draftSections.deletedAt)));
  const files = await db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.collection, 'drafts'),
        eq(attachments.documentId, draftId),
        isNull(attachments.deletedAt),
      ),
    );
  // Everyone the draft is shared with reaches each deal on the sender's side with the same
  // role: users (also those invited by e-mail and not yet registered), workspaces and groups.
  const shared = await db
    .select({
      userId: documentAccess.userId,
      email: documentAccess.email,
      workspaceId: documentAccess.workspaceId,
      groupId: documentAccess.groupId,
      role: documentAccess.role,
    })
    .from(documentAccess)
    .where(and(eq(documentAccess.collection, 'drafts'), eq(documentAccess.documentId, draftId)));
  const [sender] = await db
    .select({ name: users.name, lang: users.lang })
    .from(users)
    .where(eq(users.id, sentBy));
  // The one who sent always edits the deal, whatever their entry on the draft.
  const senderAccess = [
    { userId: sentBy, email: null, workspaceId: null, groupId: null, role: 'edit' as const },
    ...shared.filter((entry) => entry.userId !== sentBy),
  ];
  const normalCount = sections.filter((section) => section.type === 'normal').length;

  await setQueue(platform, draftId, { step: 'creating', progress: 10 });

  for (const [index, receiver] of receivers.entries()) {
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: deals.id })
        .from(deals)
        .where(eq(deals.draftReceiverId, receiver.id));
      if (existing) return;
      const dealId = randomUUID();
      const contractUid = defaultContractId(
        draft.parties.sender?.name ?? '',
        receiver.party.name,
        dealId,
      );
      const inserted = await tx
        .insert(deals)
        .values({
          id: dealId,
          draftId,
          draftReceiverId: receiver.id,
          title: draft.title,
          abstract: draft.abstract,
          contractUid,
          language: draft.language,
          state: 'new',
          process: draft.dealProcess ?? 'negotiate',
          parties: { sender: draft.parties.sender, receiver: receiver.party },
          sentBy,
          sentAt,
          sendQueuedAt: queue.createdAt,
          workspaceId: draft.workspaceId,
          negotiationStats: { approved: 0, open: normalCount },
        })
        .onConflictDoNothing({ target: deals.draftReceiverId })
        .returning({ id: deals.id });
      // Another run made this receiver's deal meanwhile.
      if (inserted.length === 0) return;

      const time = sentAt.toISOString();
      const copies = copySectionRows(sections);
      if (copies.length > 0) {
        await tx.insert(dealSections).values(
          copies.map(({ sourceId: _sourceId, ...copy }) => {
            const contentId = copy.defaultContentId ?? copy.content[0]?.id ?? '';
            const log: SectionLogEntry[] = [
              { state: 'sent', party: 'sender', userId: sentBy, time, contentId },
            ];
            return {
              ...copy,
              dealId,
              state: 'sent' as const,
              stateParty: 'sender' as const,
              log,
              createdBy: sentBy,
              modifiedBy: sentBy,
            };
          }),
        );
      }
      if (files.length > 0) {
        await tx.insert(attachments).values(
          files.map((file) => ({
            collection: 'deals' as const,
            documentId: dealId,
            fileId: file.fileId,
            name: file.name,
            position: file.position,
            createdBy: sentBy,
          })),
        );
      }
      await tx
        .insert(documentAccess)
        .values(
          senderAccess.map((entry) => ({
            ...entry,
            collection: 'deals' as const,
            documentId: dealId,
            party: 'sender' as const,
            createdBy: sentBy,
          })),
        )
        .onConflictDoNothing();
      for (const { email } of receiver.emails) {
        await createInvite(platform, tx, {
          dealId,
          email,
          sender: sender?.name ?? draft.parties.sender?.name ?? '',
          lang: sender?.lang ?? 'en',
          title: draft.title,
          receiver: receiver.party.name,
          message: draft.senderMessage,
        });
      }
      await tx
        .update(draftReceivers)
        .set({ dealId, status: 'sent', contractUid, contractName: draft.title })
        .where(eq(draftReceivers.id, receiver.id));
      await appendEvent(tx, {
        collection: 'deals',
        documentId: dealId,
        event: 'document-create',
        userId: sentBy,
        data: { draftId },
      });
      await notifyDealCreated(platform, tx, { dealId, title: draft.title, actorId: sentBy });
      await tx
        .update(draftQueues)
        .set({
          step: 'inviting',
          progress: sql`GREATEST(${draftQueues.progress}, ${10 + Math.floor((85 * (index + 1)) / receivers.length)})`,
          modifiedAt: new Date(),
        })
        .where(eq(draftQueues.draftId, draftId));
      await publishDraft(platform, tx, draftId, 'queue.changed');
      await platform.realtime.publish(tx, { topic: `deal:${dealId}`, type: 'deal.created' });
      // The sender's side lists the new deal at once (the receiver's once an invite is claimed);
      // its drawer counters are counted once the whole send is done, below.
      await dealChanged(platform, tx, dealId, { counts: false });
      await queueDealWebhook(platform, tx, { type: 'deal.created', dealId });
    });
    crashPoint(platform, `send-after-deal-${index + 1}`);
  }

  await db.transaction(async (tx) => {
    await tx
      .update(draftQueues)
      .set({ step: 'done', progress: 100, errorMessage: null, modifiedAt: new Date() })
      .where(eq(draftQueues.draftId, draftId));
    await tx
      .update(drafts)
      .set({ sentProcessedAt: new Date() })
      .where(and(eq(drafts.id, draftId), isNull(drafts.sentProcessedAt)));
    await countSentDeals(platform, tx, draftId);
    await publishDraft(platform, tx, draftId, 'queue.changed');
  });
}

/**
 * The drawer counters of everyone who sees the send's deals, counted once for the whole send
 * (a user's count reads all their deals: once per new deal made a send to 100 receivers take
 * seconds). In the send's last transaction, so a send finished after a restart counts too.
 */
async function countSentDeals(platform: Platform, tx: Tx, draftId: string): Promise<void> {
  const made = await tx.select({ id: deals.id }).from(deals).where(eq(deals.draftId, draftId));
  const viewers = new Set<string>();
  for (const deal of made) {
    for (const userId of await dealViewerIds(tx, deal.id)) viewers.add(userId);
  }
  for (const userId of viewers) await refreshHomeCounts(platform, tx, userId);
}

async function setQueue(
  platform: Platform,
  draftId: string,
  values: { step: 'creating'; progress: number },
) {
  await platform.database.db.transaction(async (tx) => {
    await tx
      .update(draftQueues)
      .set({
        step: values.step,
        progress: sql`GREATEST(${draftQueues.progress}, ${values.progress})`,
        modifiedAt: new Date(),
      })
      .where(and(eq(draftQueues.draftId, draftId), inArray(draftQueues.step, ['queued'])));
    await publishDraft(platform, tx, draftId, 'queue.changed');
  });
}

/**
 * An invite of a deal (spec 2 §3, deal receiver): a 128-bit link id, status new, and its
 * mail queued in the same transaction, so the invite and its one mail exist together.
 */
export async function createInvite(
  platform: Platform,
  tx: Tx,
  options: {
    dealId: string;
    email: string;
    sender: string;
    lang: Lang;
    title: string;
    receiver: string;
    message: string | null;
  },
) {
  const [invite] = await tx
    .insert(dealInvites)
    .values({ shortId: newLinkId(), dealId: options.dealId, email: options.email })
    .returning();
  if (!invite) throw new Error('invite not created');
  await queueInviteMail(platform, tx, { ...options, inviteId: invite.id, shortId: invite.shortId });
  return invite;
}

/** Queues the invite mail of one invite; its delivery marks the invite delivered. */
export async function queueInviteMail(
  platform: Platform,
  tx: Tx,
  options: {
    inviteId: string;
    shortId: string;
    email: string;
    sender: string;
    lang: Lang;
    title: string;
    receiver: string;
    message: string | null;
  },
) {
  await platform.mail.queue(tx, {
    to: options.email,
    template: 'deal-invite',
    lang: options.lang,
    vars: {
      sender: options.sender,
      title: options.title,
      receiver: options.receiver,
      message: options.message,
      url: `${platform.config.publicUrl}${inviteLinkPath(options.shortId)}`,
    },
    ref: { kind: 'deal-invite', id: options.inviteId },
  });
}

/**
 * Registers the send job and the invite mails' hooks: a removed invite's mail still in the
 * queue (or retrying) is dropped unsent; a sent one's outcome moves the invite (new →
 * delivered, bounced or failed). Call before the platform starts, in every process that runs
 * workers.
 */
export function registerSendingJobs(platform: Platform) {
  platform.jobs.register(sendDraftJob(platform));
  platform.mail.onBeforeSend('deal-invite', async (inviteId) => {
    const [invite] = await platform.database.db
      .select({ id: dealInvites.id })
      .from(dealInvites)
      .where(and(eq(dealInvites.id, inviteId), isNull(dealInvites.revokedAt)));
    return invite !== undefined;
  });
  platform.mail.onOutcome('deal-invite', async (inviteId, outcome) => {
    await platform.database.db.transaction(async (tx) => {
      // Only a mail still new moves: a link already opened stays clicked.
      const [invite] = await tx
        .update(dealInvites)
        .set({ mailStatus: outcome })
        .where(and(eq(dealInvites.id, inviteId), eq(dealInvites.mailStatus, 'new')))
        .returning({ dealId: dealInvites.dealId });
      if (invite) {
        await platform.realtime.publish(tx, {
          topic: `deal:${invite.dealId}`,
          type: 'invites.changed',
        });
      }
    });
  });
}

/**
 * Enqueues the send job again for every send not finished (after a crash or a restart the
 * running job's worker is gone). Running a send twice is harmless: each receiver's deal is
 * made once.
 */
export async function resumeUnfinishedSends(platform: Platform) {
  const { db } = platform.database;
  const open = await db
    .select({ draftId: draftQueues.draftId })
    .from(draftQueues)
    .where(inArray(draftQueues.step, ['queued', 'creating', 'inviting']));
  for (const { draftId } of open) {
    await db.transaction(async (tx) => {
      await platform.jobs.enqueue(tx, sendDraftJob(platform), { draftId });
    });
  }
}
