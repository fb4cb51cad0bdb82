import type { PartyRole } from '@pactum/core/documents';
import type { DbOrTx, Tx } from '../../db/client';
import { type DocumentAccess, resolveAccess } from '../../documents/access';
import { type DealRow, findDeal } from '../../documents/deal-reads';
import { AppError } from '../../http/app-error';
import { workspaceScopeOf } from '../../http/request-scope';
import type { SessionUser } from '../../http/session';
import { claimedSignerParty } from './queries';

/*
 * Who the caller of a signing use case is on the deal: every use case starts here.
 */

export type Caller = Pick<SessionUser, 'id' | 'email' | 'lang' | 'emailVerified'>;

export type SigningContext = {
  deal: DealRow;
  access: DocumentAccess | null;
  myParty: PartyRole | null;
  role: 'edit' | 'view' | 'signer';
};

/**
 * Who the caller is on this deal: a party by its access (edit or view), or only a named signer
 * of a party. A signer is the caller's when they claimed it by opening its mailed link, or by
 * e-mail only when the caller's e-mail is verified: an unverified account with a signer's
 * address proves nothing (sign-up gives a session before verification). Anyone else gets 404.
 */
export async function loadSigningContext(
  db: DbOrTx,
  options: { dealId: string; user: Caller; isLocked?: boolean },
): Promise<SigningContext> {
  const access = await resolveAccess(db, {
    collection: 'deals',
    documentId: options.dealId,
    userId: options.user.id,
  });
  const deal = await findDeal(db, options.dealId, options.isLocked);
  if (!deal) throw new AppError('not_found');
  const party = access?.party === 'sender' || access?.party === 'receiver' ? access.party : null;
  if (access && party) return { deal, access, myParty: party, role: access.role };
  // A workspace token reaches a deal through its workspace only, never as a named signer.
  const signerParty = workspaceScopeOf(options.user.id)
    ? undefined
    : await claimedSignerParty(db, deal.id, options.user);
  if (signerParty && deal.state !== 'new' && deal.state !== 'negotiate') {
    return { deal, access: null, myParty: signerParty, role: 'signer' };
  }
  if (access) return { deal, access, myParty: null, role: access.role };
  throw new AppError('not_found');
}

/**
 * A write by a party, in its transaction with the deal row locked: edit access and a party,
 * else 403 (404 as `loadSigningContext`).
 */
export async function lockAsEditor(
  tx: Tx,
  options: { dealId: string; user: Caller },
): Promise<{ deal: DealRow; party: PartyRole }> {
  const context = await loadSigningContext(tx, { ...options, isLocked: true });
  if (context.role !== 'edit' || !context.myParty) throw new AppError('forbidden');
  return { deal: context.deal, party: context.myParty };
}
