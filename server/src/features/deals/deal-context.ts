import type { PartyRole } from '@pactum/core/documents';
import type { DbOrTx } from '../../db/client';
import { bestAccess, type DocumentAccess } from '../../documents/access';
import type { DealRow, DealSectionRow } from '../../documents/deal-reads';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { findDealForUser } from './queries';
import { refused } from './refusals';
import { findSection } from './section-queries';

/*
 * Negotiation of deals (spec 3 §2.2, §4, §6). Access is the caller's `document_access` to the
 * deal (404 without, 403 for view access on a write); the caller's party comes from that row,
 * so a receiver can never act as the sender. Every change runs in one transaction that locks
 * the deal row (writes to one deal queue up), records its document event, writes notification
 * rows for the other party's users and publishes `deal:<id>` on commit.
 *
 * Negotiation events are stored without a party, so both sides read them in the activity feed
 * (the actor's side is in `data.actorParty`); party-bound events (internal comments) are shown
 * only to their own party.
 */

export type DealContext = {
  deal: DealRow;
  access: DocumentAccess;
  myParty: PartyRole | null;
  userId: string;
  /** Read for the deal's own page only (`withViewer`). */
  hasUnsignedSignature: boolean;
};

export type SectionOptions = { userId: string; dealId: string; sectionId: string };

function partyOf(access: DocumentAccess): PartyRole | null {
  return access.party === 'sender' || access.party === 'receiver' ? access.party : null;
}

/** The deal and the caller's access to it, in one statement; 404 without access. */
export async function loadContext(
  db: DbOrTx,
  options: { dealId: string; userId: string; isLocked?: boolean; withViewer?: boolean },
): Promise<DealContext> {
  const found = await findDealForUser(db, options);
  const access = found ? bestAccess(found.access) : null;
  if (!found || !access) throw new AppError('not_found');
  return {
    deal: found.deal,
    access,
    myParty: partyOf(access),
    userId: options.userId,
    hasUnsignedSignature: found.hasUnsignedSignature,
  };
}

/** The acting party of a write: edit access and a party, else 403. */
export function requireActor(context: DealContext): PartyRole {
  if (context.access.role !== 'edit') throw new AppError('forbidden');
  if (!context.myParty) throw refused('noParty');
  return context.myParty;
}

/** A section of a deal the caller may read, whole (with its versions); 404 otherwise. */
export async function readableSection(
  platform: Platform,
  options: SectionOptions,
): Promise<DealSectionRow> {
  const { db } = platform.database;
  await loadContext(db, options);
  const section = await findSection(db, options);
  if (!section) throw new AppError('not_found');
  return section;
}
