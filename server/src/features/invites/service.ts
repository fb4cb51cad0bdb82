import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { dealInvites, dealSigners, deals, documentAccess } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { refreshHomeCounts } from '../account/service';

export type InviteKind = 'invite' | 'sign';

export type InviteResolution =
  | { outcome: 'open'; path: string }
  | { outcome: 'login' | 'register'; email: string | null };

/** Where the document of a deal opens (route doc-load). */
export function documentPath(dealId: string): string {
  return `/dashboard/documents/deals/${dealId}`;
}

/** A signer's link opens the signing view (spec 3 §2.1 signer-{product}). */
function linkPath(kind: InviteKind, dealId: string): string {
  return kind === 'sign' ? `${documentPath(dealId)}/sign` : documentPath(dealId);
}

/**
 * Resolves an invite link (`/document/invite/:id`) or a signing link (`/document/sign/:id`)
 * as spec 1 §4 says: the link's mail status becomes clicked; without a user, log in when the
 * link has one, else register; the user's own link opens the document; an unclaimed link is
 * claimed by the user and opens; another user's link is 'already used'.
 */
export async function resolveInvite(
  platform: Platform,
  options: { kind: InviteKind; linkId: string; userId: string | undefined },
): Promise<InviteResolution> {
  const table = options.kind === 'invite' ? dealInvites : dealSigners;
  return platform.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: table.id,
        dealId: table.dealId,
        email: table.email,
        userId: table.userId,
        revokedAt: table.revokedAt,
        dealState: deals.state,
      })
      .from(table)
      .innerJoin(deals, eq(deals.id, table.dealId))
      .where(eq(table.shortId, options.linkId))
      .limit(2);
    const [link] = rows;
    if (!link || rows.length !== 1) throw new AppError('invite_not_found');
    await tx.update(table).set({ mailStatus: 'clicked' }).where(eq(table.id, link.id));
    if (link.revokedAt || link.dealState === 'trash') throw new AppError('invite_invalid');

    if (!options.userId) {
      return { outcome: link.userId ? 'login' : 'register', email: link.email };
    }
    if (link.userId === options.userId) {
      if (options.kind === 'invite') await grantReceiverAccess(tx, link.dealId, options.userId);
      return { outcome: 'open', path: linkPath(options.kind, link.dealId) };
    }
    if (link.userId) throw new AppError('invite_used');
    const claimed = await tx
      .update(table)
      .set({ userId: options.userId })
      .where(and(eq(table.id, link.id), isNull(table.userId)))
      .returning({ id: table.id });
    // Someone else claimed it between our read and this write.
    if (claimed.length === 0) throw new AppError('invite_used');
    if (options.kind === 'invite') {
      await grantReceiverAccess(tx, link.dealId, options.userId);
      await refreshHomeCounts(platform, tx, options.userId);
    }
    await platform.realtime.publish(tx, {
      topic: `deal:${link.dealId}`,
      type: options.kind === 'invite' ? 'invite.claimed' : 'signer.claimed',
    });
    return { outcome: 'open', path: linkPath(options.kind, link.dealId) };
  });
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
