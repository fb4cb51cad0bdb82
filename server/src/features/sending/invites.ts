import type { Party } from '@pactum/core/documents';
import {
  canRemoveInvite,
  canResendInvite,
  checkInviteEmails,
  type DealInviteRow,
  type DraftMessageKey,
  inviteLinkPath,
  isDealClosed,
  isPartyValid,
} from '@pactum/core/drafts';
import type { ErrorCode } from '@pactum/core/errors';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealInvites, deals, users } from '../../db/schema';
import { resolveAccess } from '../../documents/access';
import { dealChanged } from '../../documents/live';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { hasReceiverParty } from '../invites';
import { createInvite, queueInviteMail } from './job';

/** The error code of each refusal of `checkInviteEmails`. */
const inviteCheckCodes = {
  inviteAtLeastOne: 'invite_emails_missing',
  inviteInvalid: 'invite_email_invalid',
  inviteAlreadyInvited: 'invite_email_already_invited',
  inviteDouble: 'invite_email_double',
} as const satisfies Partial<Record<DraftMessageKey, ErrorCode>>;

/**
 * A deal the caller is the sender of (spec 2 §6: identified by sentBy or a sender access
 * entry). No access: 404; access on the other side, or only view access for a change: 403.
 */
async function requireSenderDeal(
  db: DbOrTx,
  options: { dealId: string; userId: string; isChange?: boolean },
) {
  const [deal] = await db.select().from(deals).where(eq(deals.id, options.dealId));
  if (!deal) throw new AppError('not_found');
  const access = await resolveAccess(db, {
    collection: 'deals',
    documentId: deal.id,
    userId: options.userId,
  });
  if (!access) throw new AppError('not_found');
  if (deal.sentBy !== options.userId && access.party !== 'sender') {
    throw new AppError('sender_manages_invites');
  }
  if (options.isChange && access.role !== 'edit') throw new AppError('forbidden');
  return deal;
}

function requireOpenDeal(deal: typeof deals.$inferSelect) {
  if (isDealClosed(deal.state)) throw new AppError('deal_closed');
}

async function senderOf(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({ name: users.name, lang: users.lang })
    .from(users)
    .where(eq(users.id, userId));
  return { name: user?.name ?? '', lang: user?.lang ?? ('en' as const) };
}

/** `GET /deals/:dealId/invites`: the live invites with their mail status and link. */
export async function listInvites(
  platform: Platform,
  options: { dealId: string; userId: string },
): Promise<DealInviteRow[]> {
  const { db } = platform.database;
  const deal = await requireSenderDeal(db, options);
  const rows = await db
    .select()
    .from(dealInvites)
    .where(and(eq(dealInvites.dealId, deal.id), isNull(dealInvites.revokedAt)))
    .orderBy(asc(dealInvites.createdAt));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    mailStatus: row.mailStatus,
    createdAt: row.createdAt.toISOString(),
    link: `${platform.config.publicUrl}${inviteLinkPath(row.shortId)}`,
  }));
}

/**
 * `POST /deals/:dealId/invites`: the dialog's checks, then one invite and mail per address.
 * Only until the receiver has joined: from then on the receiver's side is theirs, and they add
 * their own people through sharing (an invite is a way onto the receiver's side).
 */
export async function addInvites(
  platform: Platform,
  options: { dealId: string; userId: string; emails: string[] },
): Promise<DealInviteRow[]> {
  await platform.database.db.transaction(async (tx) => {
    const deal = await requireSenderDeal(tx, { ...options, isChange: true });
    requireOpenDeal(deal);
    if (await hasReceiverParty(tx, deal.id)) {
      throw new AppError('receiver_joined');
    }
    const existing = await tx
      .select({ email: dealInvites.email })
      .from(dealInvites)
      .where(and(eq(dealInvites.dealId, deal.id), isNull(dealInvites.revokedAt)));
    const check = checkInviteEmails(
      options.emails,
      existing.map((row) => row.email),
    );
    if (!check.isValid) {
      const code = inviteCheckCodes[check.key as keyof typeof inviteCheckCodes];
      throw new AppError(code ?? 'validation_failed', check.value ? { email: check.value } : {});
    }
    const sender = await senderOf(tx, options.userId);
    for (const email of check.emails) {
      await createInvite(platform, tx, {
        dealId: deal.id,
        email,
        sender: sender.name,
        lang: sender.lang,
        title: deal.title,
        receiver: deal.parties.receiver?.name ?? '',
        message: null,
      });
    }
    await platform.realtime.publish(tx, { topic: `deal:${deal.id}`, type: 'invites.changed' });
  });
  return listInvites(platform, options);
}

async function requireInvite(db: DbOrTx, options: { inviteId: string; userId: string }) {
  const [invite] = await db
    .select()
    .from(dealInvites)
    .where(and(eq(dealInvites.id, options.inviteId), isNull(dealInvites.revokedAt)));
  if (!invite) throw new AppError('not_found');
  const deal = await requireSenderDeal(db, {
    dealId: invite.dealId,
    userId: options.userId,
    isChange: true,
  });
  return { invite, deal };
}

/** `POST /invites/:id/resend`: allowed when new or failed (spec 2 §4.7); the status is new again. */
export async function resendInvite(
  platform: Platform,
  options: { inviteId: string; userId: string },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const { invite, deal } = await requireInvite(tx, options);
    requireOpenDeal(deal);
    if (!canResendInvite(invite.mailStatus)) {
      throw new AppError('invite_resend_not_allowed');
    }
    const sender = await senderOf(tx, options.userId);
    await tx.update(dealInvites).set({ mailStatus: 'new' }).where(eq(dealInvites.id, invite.id));
    await queueInviteMail(platform, tx, {
      inviteId: invite.id,
      shortId: invite.shortId,
      email: invite.email,
      sender: sender.name,
      lang: sender.lang,
      title: deal.title,
      receiver: deal.parties.receiver?.name ?? '',
      message: null,
    });
    await platform.realtime.publish(tx, { topic: `deal:${deal.id}`, type: 'invites.changed' });
  });
}

/**
 * `DELETE /invites/:id`: only an invite still new; its link stops working and its mail, while
 * still queued or retrying, is dropped unsent (the mail job asks, see `registerSendingJobs`).
 */
export async function removeInvite(
  platform: Platform,
  options: { inviteId: string; userId: string },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const { invite, deal } = await requireInvite(tx, options);
    requireOpenDeal(deal);
    if (!canRemoveInvite(invite.mailStatus)) {
      throw new AppError('invite_remove_not_allowed');
    }
    const removed = await tx
      .update(dealInvites)
      .set({ revokedAt: new Date() })
      .where(and(eq(dealInvites.id, invite.id), eq(dealInvites.mailStatus, 'new')))
      .returning({ id: dealInvites.id });
    // Its mail was delivered meanwhile.
    if (removed.length === 0) throw new AppError('invite_remove_not_allowed');
    await platform.realtime.publish(tx, { topic: `deal:${deal.id}`, type: 'invites.changed' });
  });
}

/**
 * `POST /deals/:dealId/receiver-details`: the receiver checks their own party's details before
 * opening the deal (spec 2 §6). The deal's receiver party is replaced and marked validated; the
 * user's company name and business id are filled in when they have none.
 */
export async function validateReceiverDetails(
  platform: Platform,
  options: { dealId: string; userId: string; party: Party },
): Promise<{ parties: (typeof deals.$inferSelect)['parties']; receiverValidated: boolean }> {
  if (!isPartyValid(options.party)) {
    throw new AppError('data_required');
  }
  return platform.database.db.transaction(async (tx) => {
    const [deal] = await tx.select().from(deals).where(eq(deals.id, options.dealId));
    if (!deal) throw new AppError('not_found');
    const access = await resolveAccess(tx, {
      collection: 'deals',
      documentId: deal.id,
      userId: options.userId,
    });
    if (!access) throw new AppError('not_found');
    if (access.party !== 'receiver' || access.role !== 'edit') {
      throw new AppError('receiver_details_edit_only');
    }
    requireOpenDeal(deal);
    const parties = { ...deal.parties, receiver: options.party };
    await tx
      .update(deals)
      .set({ parties, receiverValidated: true, modifiedAt: new Date() })
      .where(eq(deals.id, deal.id));
    const [user] = await tx
      .select({ company: users.company })
      .from(users)
      .where(eq(users.id, options.userId));
    if (user && !user.company.name?.trim() && options.party.type === 'business') {
      await tx
        .update(users)
        .set({
          company: {
            ...user.company,
            name: options.party.name,
            ...(user.company.vat?.trim() ? {} : { vat: options.party.vat ?? '' }),
          },
        })
        .where(eq(users.id, options.userId));
    }
    await platform.realtime.publish(tx, { topic: `deal:${deal.id}`, type: 'document.changed' });
    // The widgets show the receiver's party name.
    await dealChanged(platform, tx, deal.id, { counts: false });
    return { parties, receiverValidated: true };
  });
}
