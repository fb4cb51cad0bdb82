import { defaultContractUid } from '@pactum/core/deals';
import {
  type SendPdfDraft,
  sendPdfMessages,
  type sendPdfSchema,
  signingMessage,
} from '@pactum/core/signing';
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
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/session';
import { sha256Hex } from '../../platform/pdf/content-hash';
import type { Platform } from '../../platform/platform';
import { createInvite } from '../sending/job';
import { appendEvent } from './audit-chain';
import { afterSigningChange, callerName, inviteSigners, replaceSigners } from './service';

/*
 * Send & Sign PDF (spec 3 §2.4, §4 PDF deal creation): an uploaded PDF is signed as it is. The
 * deal is made in signing at once (process pdf) with both parties' signers, the PDF's SHA-256
 * frozen as its content, each signer e-mailed their link and the receiver's representatives
 * invited. The signed PDF is the upload with the signature and audit pages appended, sealed.
 */

type Caller = Pick<SessionUser, 'id' | 'email' | 'lang'>;

export async function sendPdf(
  platform: Platform,
  options: { user: Caller; input: z.output<typeof sendPdfSchema> },
): Promise<{ dealId: string; message: string }> {
  const { user, input } = options;
  const lang = user.lang;
  const { db } = platform.database;
  const [membership] = await db
    .select({ isDemo: workspaces.isDemo })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, input.workspaceId),
        eq(workspaceMembers.userId, user.id),
      ),
    );
  if (!membership || membership.isDemo) {
    throw new AppError('validation_failed', sendPdfMessages[lang].noWorkspace);
  }
  const [upload] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, input.uploadId), eq(files.createdBy, user.id)));
  if (upload?.purpose === 'pdf-deal') throw new AppError('conflict');
  if (!upload?.completedAt || upload.purpose !== 'attachment') throw new AppError('not_found');
  const pdf = await platform.storage.get(upload.storageKey);
  const inspection = await platform.pdf.inspect(pdf);
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-' || !inspection.isReadable) {
    throw new AppError('unsupported_media_type', sendPdfMessages[lang].onlyPdf);
  }
  const dealId = await db.transaction(async (tx) => {
    // The upload becomes the deal's PDF once: it cannot be sent twice or attached elsewhere.
    const [taken] = await tx
      .update(files)
      .set({ purpose: 'pdf-deal', sha256: sha256Hex(pdf) })
      .where(and(eq(files.id, upload.id), eq(files.purpose, 'attachment')))
      .returning({ id: files.id });
    if (!taken) throw new AppError('conflict');
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
    await appendEvent(tx, {
      collection: 'deals',
      documentId: deal.id,
      event: 'document-create',
      userId: user.id,
      data: { process: 'pdf', pdfSha256: sha256Hex(pdf) },
    });
    const senderName = await callerName(tx, user.id);
    for (const party of ['sender', 'receiver'] as const) {
      const signers = await replaceSigners(tx, {
        dealId: deal.id,
        party,
        signers: input.signers.filter((signer) => signer.party === party),
        use2fa: input.use2faInSigning,
      });
      await inviteSigners(platform, tx, { deal, signers, senderName });
    }
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
    await appendEvent(tx, {
      collection: 'deals',
      documentId: deal.id,
      event: 'signign-start',
      userId: user.id,
      data: { actorParty: 'sender', contentSha256: sha256Hex(pdf), signers: input.signers.length },
    });
    await afterSigningChange(platform, tx, deal.id, true);
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
