import type { AccessRole } from '@pactum/core/documents';
import type { Tx } from '../../db/client';
import { resolveAccess } from '../../documents/access';
import type { DocumentGrant } from '../../documents/require-document';
import { AppError } from '../../http/app-error';
import {
  type EntryKey,
  findEntry,
  findPendingDealParty,
  insertEntry,
  setEntryRole,
} from './queries';

/**
 * On a deal, a person already on the other side cannot be added to the caller's side (nor
 * their role changed from here): each party manages only its own people (spec 2 §6).
 */
async function requireNotOtherParty(
  tx: Tx,
  grant: DocumentGrant,
  key: { userId: string } | { email: string },
) {
  if (grant.collection !== 'deals' || !grant.party) return;
  let party: string | null | undefined;
  if ('userId' in key) {
    party = (
      await resolveAccess(tx, {
        collection: 'deals',
        documentId: grant.documentId,
        userId: key.userId,
      })
    )?.party;
  } else {
    party = await findPendingDealParty(tx, { dealId: grant.documentId, email: key.email });
  }
  if (party && party !== grant.party) {
    throw new AppError('other_party_member');
  }
}

/**
 * Adds or updates one entry found by its key (user, e-mail, workspace or group); on a deal only
 * among the caller's party's entries. Answers whether the entry is new and whether an editor
 * became a viewer.
 */
export async function upsertEntry(
  tx: Tx,
  grant: DocumentGrant,
  key: EntryKey,
  role: AccessRole,
  createdBy: string,
) {
  if ('userId' in key || 'email' in key) await requireNotOtherParty(tx, grant, key);
  const existing = await findEntry(tx, grant, key);
  if (existing) {
    await setEntryRole(tx, existing.id, role);
    return { isNew: false, isDowngrade: existing.role === 'edit' && role === 'view' };
  }
  await insertEntry(tx, {
    collection: grant.collection,
    documentId: grant.documentId,
    ...key,
    role,
    party: grant.collection === 'deals' ? grant.party : null,
    createdBy,
  });
  return { isNew: true, isDowngrade: false };
}
