import { defaultContractUid } from '@pactum/core/deals';
import { totalPrice } from '@pactum/core/drafts';
import { type SendPdfDraft, type sendPdfSchema, signingMessage } from '@pactum/core/signing';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  deals,
  documentAccess,
  files,
  sendPdfDrafts,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { isMembershipOf } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/session';
import { sha256Hex } from '../../platform/pdf/content-hash';
import type { Platform } from '../../platform/platform';
import { notifyDealCreated } from '../notifications';
import { queueDealPages } from '../search';
import { createInvite } from '../sending';
import { grantTokenWorkspaceAccess } from '../sharing';
import { queueDealWebhook } from '../webhooks';
import { applyCreditChange } from '../workspaces';
import { appendDealEvent } from './deal-events';
import { callerName } from './queries';
import { planReminders, reminderColumns } from './reminders';
import { inviteSigners, replaceSigners } from './signers';
import { afterSigningChange, notifySigning } from './signing-notices';

/*
 * Send & Sign PDF (spec 3 §2.4, §4 PDF deal creation): an uploaded PDF is signed as it is. The
 * deal is made in signing at once (process pdf) with both parties' signers, the PDF's SHA-256
 * frozen as its content, each signer e-mailed their link and the receiver's representatives
 * invited. The signed PDF is the upload with the signature and audit pages appended, sealed.
 * It is a send like any other (spec 3 §4: the PDF flow queues through queDraftForSending): the
 * workspace must be verified and usable, and it pays the template-less price (null = 1 credit
 * per receiver, one receiver party) through the ledger, in the transaction that makes the deal.
 */

/** Credits a Send & Sign PDF costs: no template price (null), one receiver party. */
export const SEND_PDF_PRICE = totalPrice(null, 1);

/** The ledger key of a PDF send: the upload can become a deal once, so it is charged once. */
export const sendPdfIdempotencyKey = (uploadId: string) => `send:pdf:${uploadId}`;

type Caller = Pick<SessionUser, 'id' | 'email' | 'lang'>;

export async function sendPdf(
  platform: Platform,
  options: { user: Caller; input: z.output<typeof sendPdfSchema> },
): Promise<{ dealId: string; message: string }> {
  const { user, input } = options;
  const lang = user.lang;
  const { db } = platform.database;
  const [upload] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, input.uploadId), eq(files.createdBy, user.id)));
  if (upload?.purpose === 'pdf-deal') throw new AppError('upload_in_use');
  if (!upload?.completedAt || upload.purpose !== 'attachment') throw new AppError('not_found');
  const pdf = await platform.storage.get(upload.storageKey);
  const inspection = await platform.pdf.inspect(pdf);
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-' || !inspection.isReadable) {
    throw new AppError('pdf_only');
  }
  const dealId = await db.transaction(async (tx) => {
    const [workspace] = await tx
      .select({
        isDemo: workspaces.isDemo,
        isVerified: workspaces.isVerified,
        isDisabled: workspaces.isDisabled,
        isRejected: workspaces.isRejected,
        credits: workspaces.credits,
      })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaceMembers.workspaceId, input.workspaceId), isMembershipOf(user.id)));
    if (!workspace || workspace.isDemo) {
      throw new AppError('workspace_not_selected');
    }
    if (!workspace.isVerified || workspace.isDisabled || workspace.isRejected) {
      throw new AppError('billing_account_in_review');
    }
    // Checked first for a clear answer before anything is written; the ledger's guarded update
    // below is what actually holds against a concurrent spend.
    if (workspace.credits < SEND_PDF_PRICE) {
      throw new AppError('insufficient_credits');
    }
    // The upload becomes the deal's PDF once: it cannot be sent twice or attached elsewhere.
    const [taken] = await tx
      .update(files)
      .set({ purpose: 'pdf-deal', sha256: sha256Hex(pdf) })
      .where(and(eq(files.id, upload.id), eq(files.purpose, 'attachment')))
      .returning({ id: files.id });
    if (!taken) throw new AppError('upload_in_use');
    const [deal] = await tx
      .insert(deals)
      .values({
        title: input.title,
        state: 'in-signing',
        process: 'pdf',
        parties: {
          sender: { type: 'business', name: input.sender.name, vat: input.sender.businessId },
          receiver: { type: 'business', name: input.receiver.name, vat: input.receiver.businessId },
        },
        sentBy: user.id,
        sentAt: sql`now()`,
        sendQueuedAt: sql`now()`,
        workspaceId: input.workspaceId,
        receiverValidated: true,
        use2faInSigning: input.use2faInSigning,
        contentSha256: sha256Hex(pdf),
        signingStartedAt: sql`now()`,
        pdfFileId: upload.id,
        ...reminderColumns(undefined),
      })
      .returning();
    if (!deal) throw new Error('deal not created');
    await tx
      .update(deals)
      .set({
        contractUid: defaultContractUid({
          senderName: input.sender.name,
          receiverName: input.receiver.name,
          dealId: deal.id,
        }),
      })
      .where(eq(deals.id, deal.id));
    await tx.insert(documentAccess).values({
      collection: 'deals',
      documentId: deal.id,
      userId: user.id,
      role: 'edit',
      party: 'sender',
      createdBy: user.id,
    });
    await grantTokenWorkspaceAccess(tx, {
      collection: 'deals',
      documentId: deal.id,
      userId: user.id,
      role: 'edit',
      party: 'sender',
    });
    await appendDealEvent(platform, tx, deal.id, {
      event: 'document-create',
      userId: user.id,
      data: { process: 'pdf', pdfSha256: sha256Hex(pdf) },
    });
    // The pages' text for search, read by a job once this commits.
    await queueDealPages(platform, tx, deal.id);
    const senderName = await callerName(tx, user.id);
    try {
      await applyCreditChange(tx, {
        workspaceId: input.workspaceId,
        idempotencyKey: sendPdfIdempotencyKey(upload.id),
        product: 'send',
        spend: SEND_PDF_PRICE,
        userId: user.id,
        userName: senderName || null,
        collection: 'deals',
        documentId: deal.id,
        documentProcess: 'pdf',
        documentTitle: input.title,
        receiverName: input.receiver.name,
      });
    } catch (error) {
      // Rolls the whole send back: no deal, and the upload stays an attachment to send later.
      if (error instanceof AppError && error.code === 'insufficient_credits') {
        throw new AppError('insufficient_credits');
      }
      throw error;
    }
    for (const party of ['sender', 'receiver'] as const) {
      const signers = await replaceSigners(tx, {
        dealId: deal.id,
        party,
        signers: input.signers.filter((signer) => signer.party === party),
        use2fa: input.use2faInSigning,
      });
      await inviteSigners(platform, tx, { deal, signers, senderName });
    }
    await planReminders(tx, deal.id, platform.clock.now());
    for (const email of new Set(input.representatives?.emails ?? [])) {
      await createInvite(platform, tx, {
        dealId: deal.id,
        email,
        sender: senderName,
        lang,
        title: input.title,
        receiver: input.receiver.name,
        message: input.representatives?.message || null,
      });
    }
    await appendDealEvent(platform, tx, deal.id, {
      event: 'signign-start',
      userId: user.id,
      data: {
        actorParty: 'sender',
        contentSha256: sha256Hex(pdf),
        signers: input.signers.length,
      },
    });
    // The receiver's people are sent a document; the sender's other signers hear that signing
    // started. Each is told once.
    const receivers = await notifyDealCreated(platform, tx, {
      dealId: deal.id,
      title: input.title,
      actorId: user.id,
    });
    await notifySigning(platform, tx, {
      deal,
      actorId: user.id,
      event: 'signing-start',
      data: { actorParty: 'sender' },
      except: receivers,
    });
    await afterSigningChange(platform, tx, deal.id, true);
    // Made in signing at once: both events, in their order.
    await queueDealWebhook(platform, tx, { type: 'deal.created', dealId: deal.id });
    await queueDealWebhook(platform, tx, { type: 'signing.started', dealId: deal.id });
    await tx.delete(sendPdfDrafts).where(eq(sendPdfDrafts.userId, user.id));
    return deal.id;
  });
  return { dealId, message: signingMessage('pdfReady', lang) };
}

/** GET /send-pdf/draft: the caller's form as they left it (empty when none). */
export async function getSendPdfDraft(
  platform: Platform,
  options: { userId: string },
): Promise<{ draft: SendPdfDraft }> {
  const [row] = await platform.database.db
    .select({ data: sendPdfDrafts.data })
    .from(sendPdfDrafts)
    .where(eq(sendPdfDrafts.userId, options.userId));
  return { draft: (row?.data ?? {}) as SendPdfDraft };
}

/** PUT /send-pdf/draft: keeps the caller's form (the page syncs it 1 s after a change). */
export async function saveSendPdfDraft(
  platform: Platform,
  options: { userId: string; draft: SendPdfDraft },
): Promise<{ draft: SendPdfDraft }> {
  await platform.database.db
    .insert(sendPdfDrafts)
    .values({ userId: options.userId, data: options.draft })
    .onConflictDoUpdate({
      target: sendPdfDrafts.userId,
      set: { data: options.draft, updatedAt: sql`now()` },
    });
  return { draft: options.draft };
}
