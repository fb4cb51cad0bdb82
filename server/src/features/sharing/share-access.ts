import type { DocumentCollection } from '@pactum/core/documents';
import type { DbOrTx } from '../../db/client';
import {
  type DocumentCaller,
  type DocumentGrant,
  requireDocument,
} from '../../documents/require-document';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { selectEntries } from './queries';

/*
 * Sharing of templates, drafts and deals (spec 2 §6): people by e-mail, whole groups and whole
 * workspaces, with the role edit or view. Only an editor (or a product administrator) invites,
 * changes roles and removes; at least one member stays. On a deal each party manages its own
 * team: the entries shown and changed are those of the caller's party.
 */

export type SharingOptions = {
  collection: DocumentCollection;
  documentId: string;
  caller: DocumentCaller;
};

/** The caller's grant if they may see the share list (an entry of their own, or an admin). */
export async function requireListAccess(platform: Platform, db: DbOrTx, options: SharingOptions) {
  const grant = await requireDocument(platform, db, options);
  // Every signed-in user sees a global template, but not who it is shared with.
  if (!grant.hasEntry && !grant.isAdmin) throw new AppError('not_found');
  return grant;
}

export async function requireManager(platform: Platform, db: DbOrTx, options: SharingOptions) {
  const grant = await requireListAccess(platform, db, options);
  if (grant.role !== 'edit' && !grant.isAdmin) throw new AppError('forbidden');
  return grant;
}

export async function requireEntry(tx: DbOrTx, grant: DocumentGrant, accessId: string) {
  const entries = await selectEntries(tx, grant);
  const entry = entries.find((candidate) => candidate.id === accessId);
  if (!entry) throw new AppError('not_found');
  return { entry, entries };
}
