import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { dealInvites, dealSigners, deals, documentAccess, signingLinkEnds } from '../../db/schema';
import { resolveAccess } from '../../documents/access';
import { refreshHomeCounts } from '../../documents/counters';
import { dealChanged } from '../../documents/live';
import { bindSignerSlots } from '../../documents/visible-deals';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';

export type InviteKind = 'invite' | 'sign';

/** Who opened the link, as the rules need them. */
export type InviteCaller = { id: string; email: string; emailVerified: boolean };

export type InviteResolution =
  | { outcome: 'open'; path: string }
  | { outcome: 'login' | 'register'; email: string | null }
  | { outcome: 'claim'; title: string; senderName: string };

/** Where the document of a deal opens (route doc-load). */
export function documentPath(dealId: string): string {
  return `/dashboard/documents/deals/${dealId}`;
}

/** A signer's link opens the signing view (spec 3 §2.1 signer-{product}). */
function linkPath(kind: InviteKind, dealId: string): string {
  return kind === 'sign' ? `${documentPath(dealId)}/sign` : documentPath(dealId);
}

type Link = {
  id: string;
  dealId: string;
  email: string;
  userId: string | null;
  revokedAt: Date | null;
  dealState: string;
  sentBy: string;
  title: string;
  senderName: string;
};

async function findLink(tx: DbOrTx, kind: InviteKind, linkId: string): Promise<Link> {
  const table = kind === 'invite' ? dealInvites : dealSigners;
  const rows = await tx
    .select({
      id: table.id,
      dealId: table.dealId,
      email: table.email,
      userId: table.userId,
      revokedAt: table.revokedAt,
      dealState: deals.state,
      sentBy: deals.sentBy,
      title: deals.title,
      parties: deals.parties,
    })
    .from(table)
    .innerJoin(deals, eq(deals.id, table.dealId))
    .where(eq(table.shortId, linkId))
    .limit(2);
  const [row] = rows;
  if (!row && kind === 'sign') {
    // A slot that went when its request ended leaves its link saying why (issue 40).
    const [ended] = await tx
      .select({ reason: signingLinkEnds.reason })
      .from(signingLinkEnds)
      .where(eq(signingLinkEnds.shortId, linkId));
    if (ended) throw new AppError(`signing_request_${ended.reason}`);
  }
  // Spec 1 §7: an invite lookup must return exactly one record.
  if (!row || rows.length !== 1) throw new AppError('invite_not_found');
  return { ...row, senderName: row.parties.sender?.name ?? '' };
}

/**
 * Whether the receiver's side of the deal is established: someone claimed an invite or holds
 * receiver access. From then on the receiver's own people add members to their side.
 */
export async function hasReceiverParty(db: DbOrTx, dealId: string): Promise<boolean> {
  const [claimed] = await db
    .select({ id: dealInvites.id })
    .from(dealInvites)
    .where(and(eq(dealInvites.dealId, dealId), isNotNull(dealInvites.userId)))
    .limit(1);
  if (claimed) return true;
  const [member] = await db
    .select({ id: documentAccess.id })
    .from(documentAccess)
    .where(
      and(
        eq(documentAccess.collection, 'deals'),
        eq(documentAccess.documentId, dealId),
        eq(documentAccess.party, 'receiver'),
      ),
    )
    .limit(1);
  return Boolean(member);
}

const isAddressOf = (caller: InviteCaller, link: Link) =>
  caller.email.toLowerCase() === link.email.toLowerCase();

/**
 * Who may claim a link nobody has claimed yet (refusing everyone else):
 * - a signing link: only an account with the signer's address. The link was mailed only to that
 *   address, so opening it proves the mailbox even before the account's own verification; a
 *   stranger who got hold of the link sees nothing of the deal.
 * - an invite: never someone on the sender's side. The account whose verified address it was
 *   sent to; or, while the receiver's side is not established yet, whoever the first invite
 *   was forwarded to (spec 1 §4: the unclaimed invite opens the negotiation). The sender sees
 *   invite links in the invite list, so for invites the link alone proves nothing once the
 *   receiver has joined.
 */
async function requireClaimable(tx: DbOrTx, kind: InviteKind, link: Link, caller: InviteCaller) {
  if (kind === 'sign') {
    if (!isAddressOf(caller, link)) throw new AppError('invite_wrong_account');
    return;
  }
  const access = await resolveAccess(tx, {
    collection: 'deals',
    documentId: link.dealId,
    userId: caller.id,
  });
  if (link.sentBy === caller.id || access?.party === 'sender') {
    throw new AppError('invite_other_party');
  }
  if (caller.emailVerified && isAddressOf(caller, link)) return;
  if (access?.party === 'receiver') return;
  if (await hasReceiverParty(tx, link.dealId)) throw new AppError('invite_wrong_account');
}

/** The checks every resolution and claim share: the link exists, marks it clicked, still valid. */
async function openLink(tx: Tx, kind: InviteKind, linkId: string): Promise<Link> {
  const table = kind === 'invite' ? dealInvites : dealSigners;
  const link = await findLink(tx, kind, linkId);
  await tx.update(table).set({ mailStatus: 'clicked' }).where(eq(table.id, link.id));
  if (link.revokedAt || link.dealState === 'trash') throw new AppError('invite_invalid');
  return link;
}

/**
 * Resolves an invite link (`/document/invite/:id`) or a signing link (`/document/sign/:id`)
 * as spec 1 §4 says, without claiming it (a GET changes nothing but the mail status): the
 * link's mail status becomes clicked; without a user, log in when the link has one, else
 * register; the user's own link opens the document; an unclaimed link the user may claim asks
 * them to confirm (`claim`, then `POST …/claim`); another user's link is 'already used'.
 */
export async function resolveInvite(
  platform: Platform,
  options: { kind: InviteKind; linkId: string; caller: InviteCaller | undefined },
): Promise<InviteResolution> {
  const { kind, caller } = options;
  return platform.database.db.transaction(async (tx) => {
    const link = await openLink(tx, kind, options.linkId);
    if (!caller) return { outcome: link.userId ? 'login' : 'register', email: link.email };
    if (link.userId === caller.id) return { outcome: 'open', path: linkPath(kind, link.dealId) };
    if (link.userId) throw new AppError('invite_used');
    await requireClaimable(tx, kind, link, caller);
    return { outcome: 'claim', title: link.title, senderName: link.senderName };
  });
}

/**
 * `POST /invites/:kind/:linkId/claim`: the signed-in user, having confirmed on the page, takes
 * the link (a POST behind the Origin check, so another site cannot make a user claim one). An
 * invite makes them an editor of the receiver's side; a signing link binds the signer to them.
 */
export async function claimInvite(
  platform: Platform,
  options: { kind: InviteKind; linkId: string; caller: InviteCaller },
): Promise<{ outcome: 'open'; path: string }> {
  const { kind, caller } = options;
  const table = kind === 'invite' ? dealInvites : dealSigners;
  return platform.database.db.transaction(async (tx) => {
    const link = await openLink(tx, kind, options.linkId);
    const opened = { outcome: 'open', path: linkPath(kind, link.dealId) } as const;
    if (link.userId === caller.id) return opened;
    if (link.userId) throw new AppError('invite_used');
    await requireClaimable(tx, kind, link, caller);
    const claimed = await tx
      .update(table)
      .set({ userId: caller.id })
      .where(and(eq(table.id, link.id), isNull(table.userId)))
      .returning({ id: table.id });
    // Someone else claimed it between our read and this write.
    if (claimed.length === 0) throw new AppError('invite_used');
    if (kind === 'invite') await grantReceiverAccess(tx, link.dealId, caller.id);
    // The deal joins the claimant's lists (a signing link: their 'To sign' list); the others who
    // see it hear that the receiver's side joined.
    await dealChanged(platform, tx, link.dealId, { counts: true });
    await platform.realtime.publish(tx, {
      topic: `deal:${link.dealId}`,
      type: kind === 'invite' ? 'invite.claimed' : 'signer.claimed',
    });
    return opened;
  });
}

/**
 * `GET /deals/:dealId/my-invite`: the invite link waiting for the caller on a deal they cannot
 * open yet, so a notification or a link to the deal leads them to join it (the invite's own
 * confirmation) rather than to 'Document access not found.'. Only an open invite to the
 * caller's verified address counts: its link is already in that mailbox. Otherwise 404.
 */
export async function pendingInvitePath(
  platform: Platform,
  options: { dealId: string; caller: InviteCaller },
): Promise<{ outcome: 'open'; path: string }> {
  const { caller } = options;
  if (!caller.emailVerified) throw new AppError('not_found');
  const [invite] = await platform.database.db
    .select({ shortId: dealInvites.shortId })
    .from(dealInvites)
    .innerJoin(deals, eq(deals.id, dealInvites.dealId))
    .where(
      and(
        eq(dealInvites.dealId, options.dealId),
        isNull(dealInvites.userId),
        isNull(dealInvites.revokedAt),
        sql`lower(${dealInvites.email}) = ${caller.email.toLowerCase()}`,
        ne(deals.state, 'trash'),
      ),
    )
    .orderBy(dealInvites.createdAt)
    .limit(1);
  if (!invite) throw new AppError('not_found');
  return { outcome: 'open', path: `/document/invite/${invite.shortId}` };
}

/** The claimant of an invite negotiates for the receiver: an edit access entry on the deal. */
async function grantReceiverAccess(tx: Tx, dealId: string, userId: string) {
  await tx
    .insert(documentAccess)
    .values({
      collection: 'deals',
      documentId: dealId,
      userId,
      role: 'edit',
      party: 'receiver',
      createdBy: userId,
    })
    .onConflictDoNothing();
}

/**
 * Signer slots naming a verified address become its account's, whichever way the address was
 * proven (the verification mail, a provider's sign-in): the deals then count and list as theirs
 * to sign, and they sign from the deal page. Run when the app loads (GET /me), as workspace
 * invitations and shares to the address are.
 */
export async function claimSignerSlots(
  platform: Platform,
  user: { id: string; email: string; isEmailVerified: boolean },
): Promise<void> {
  if (!user.isEmailVerified) return;
  await platform.database.db.transaction(async (tx) => {
    const dealIds = await bindSignerSlots(tx, user);
    if (dealIds.length === 0) return;
    await refreshHomeCounts(platform, tx, user.id);
    for (const dealId of dealIds) {
      await platform.realtime.publish(tx, { topic: `deal:${dealId}`, type: 'signer.claimed' });
    }
  });
}
