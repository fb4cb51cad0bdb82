import type { AccessParty, AccessRole, DocumentCollection } from '@pactum/core/documents';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { deals, drafts, templates } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Platform } from '../platform/platform';
import { resolveAccess } from './access';
import { isProductAdmin } from './product-admin';

/** The signed-in caller as document services need them (name for 'Locked by %s'). */
export type DocumentCaller = {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  emailVerified: boolean;
};

/** What a caller may do with one document, after the spec's access resolution. */
export type DocumentGrant = {
  collection: DocumentCollection;
  documentId: string;
  role: AccessRole;
  party: AccessParty | null;
  /** A global template: visible to every signed-in user. */
  isGlobal: boolean;
  /** The caller is a product administrator (may publish, manage global templates, share). */
  isAdmin: boolean;
  /** The role comes from a document_access row (not only from a template being global). */
  hasEntry: boolean;
};

/** The realtime topic kind of each collection: `template:<id>`, `draft:<id>`, `deal:<id>`. */
export const topicKinds: Record<DocumentCollection, string> = {
  templates: 'template',
  drafts: 'draft',
  deals: 'deal',
};

export const documentTopic = (collection: DocumentCollection, documentId: string) =>
  `${topicKinds[collection]}:${documentId}`;

async function documentFlags(
  db: DbOrTx,
  collection: DocumentCollection,
  documentId: string,
): Promise<{ isGlobal: boolean; isFrozen: boolean } | null> {
  if (collection === 'templates') {
    const [row] = await db
      .select({ isGlobal: templates.isGlobal })
      .from(templates)
      .where(and(eq(templates.id, documentId), isNull(templates.deletedAt)));
    return row ? { ...row, isFrozen: false } : null;
  }
  if (collection === 'drafts') {
    const [row] = await db
      .select({ sentAt: drafts.sentAt })
      .from(drafts)
      .where(and(eq(drafts.id, documentId), isNull(drafts.deletedAt)));
    // A sent draft is the record of what was sent: it can be read, no longer changed.
    return row ? { isGlobal: false, isFrozen: row.sentAt !== null } : null;
  }
  const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, documentId));
  return row ? { isGlobal: false, isFrozen: false } : null;
}

/**
 * The caller's grant on a document, or null when they may not see it (or it does not exist).
 * Templates: an access entry, or view of any global template; a product administrator edits
 * global templates. Drafts and deals: an access entry only; a sent draft is view-only for all.
 */
export async function findDocumentGrant(
  platform: Platform,
  db: DbOrTx,
  options: { collection: DocumentCollection; documentId: string; caller: DocumentCaller },
): Promise<DocumentGrant | null> {
  const { collection, documentId, caller } = options;
  const flags = await documentFlags(db, collection, documentId);
  if (!flags) return null;
  const isAdmin = isProductAdmin(platform, caller);
  const access = await resolveAccess(db, { collection, documentId, userId: caller.id });
  const base = { collection, documentId, isGlobal: flags.isGlobal, isAdmin };
  if (access) {
    const role = flags.isFrozen ? 'view' : flags.isGlobal && isAdmin ? 'edit' : access.role;
    return { ...base, role, party: access.party, hasEntry: true };
  }
  if (flags.isGlobal) {
    return { ...base, role: isAdmin ? 'edit' : 'view', party: null, hasEntry: false };
  }
  return null;
}

/**
 * The same, refusing: 404 when the caller may not see the document (so ids cannot be probed),
 * 403 when they need `edit` and have only `view`.
 */
export async function requireDocument(
  platform: Platform,
  db: DbOrTx,
  options: {
    collection: DocumentCollection;
    documentId: string;
    caller: DocumentCaller;
    role?: AccessRole;
  },
): Promise<DocumentGrant> {
  const grant = await findDocumentGrant(platform, db, options);
  if (!grant) throw new AppError('not_found');
  if (options.role === 'edit' && grant.role !== 'edit') throw new AppError('forbidden');
  return grant;
}
