import type { AccessRole, DocumentCollection, PartyRole } from '@pactum/core/documents';
import {
  type AccessEntry,
  type AccessList,
  MAX_SHARE_SUGGESTIONS,
  type ShareDocumentInput,
  type SharingSuggestions,
  sectionEventTypes,
} from '@pactum/core/templates';
import type { Lang } from '@pactum/core/validation';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  deals,
  documentAccess,
  drafts,
  templates,
  users,
  workspaceGroups,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { resolveAccess } from '../../documents/access';
import { refreshHomeCounts } from '../../documents/counters';
import { dealViewerIds } from '../../documents/deal-reads';
import { dealChanged } from '../../documents/live';
import {
  type DocumentCaller,
  type DocumentGrant,
  documentTopic,
  requireDocument,
  topicKinds,
} from '../../documents/require-document';
import { isMembershipOf } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import { workspaceScopeOf } from '../../http/request-scope';
import type { Platform } from '../../platform/platform';
import { spendShareMailBudget } from './mail-budget';

/*
 * Sharing of templates, drafts and deals (spec 2 §6): people by e-mail, whole groups and whole
 * workspaces, with the role edit or view. Only an editor (or a product administrator) invites,
 * changes roles and removes; at least one member stays. On a deal each party manages its own
 * team: the entries shown and changed are those of the caller's party.
 */

type Options = { collection: DocumentCollection; documentId: string; caller: DocumentCaller };

type SharedMailTarget = { email: string; lang: Lang; isRegistered: boolean };

/** Where a shared document opens in the app, by the role given. */
function sharedDocumentPath(grant: DocumentGrant, role: AccessRole): string {
  const id = encodeURIComponent(grant.documentId);
  if (grant.collection === 'templates') {
    return `/dashboard/templates/${role === 'edit' ? 'edit' : 'view'}/${id}`;
  }
  if (grant.collection === 'drafts') return `/dashboard/draft/${id}/edit`;
  return `/dashboard/documents/deals/${id}`;
}

const titleColumns = {
  templates: { table: templates, id: templates.id, title: templates.title },
  drafts: { table: drafts, id: drafts.id, title: drafts.title },
  deals: { table: deals, id: deals.id, title: deals.title },
} as const;

/**
 * Each person newly given access by e-mail hears of it: who shared what, and a link to it
 * (sign-in or sign-up leads back there). Queued in the sharing transaction.
 */
async function mailSharedWith(
  platform: Platform,
  tx: Tx,
  options: {
    grant: DocumentGrant;
    caller: DocumentCaller;
    role: AccessRole;
    targets: SharedMailTarget[];
  },
) {
  const { grant, caller, role, targets } = options;
  if (targets.length === 0) return;
  const columns = titleColumns[grant.collection];
  const [document] = await tx
    .select({ title: columns.title, workspaceId: columns.table.workspaceId })
    .from(columns.table)
    .where(eq(columns.id, grant.documentId));
  // Over budget the whole share rolls back (429): no entry without its mail, no mail unsent.
  await spendShareMailBudget(tx, {
    userId: caller.id,
    documentWorkspaceId: document?.workspaceId ?? null,
    amount: targets.length,
  });
  const kind = topicKinds[grant.collection] as 'template' | 'draft' | 'deal';
  const url = `${platform.config.publicUrl}${sharedDocumentPath(grant, role)}`;
  for (const target of targets) {
    await platform.mail.queue(tx, {
      to: target.email,
      template: 'document-shared',
      lang: target.lang,
      vars: {
        sharer: caller.name || caller.email,
        title: document?.title ?? '',
        kind,
        role,
        isRegistered: target.isRegistered,
        url,
      },
    });
  }
}

/** The caller's grant if they may see the share list (an entry of their own, or an admin). */
async function requireListAccess(platform: Platform, db: DbOrTx, options: Options) {
  const grant = await requireDocument(platform, db, options);
  // Every signed-in user sees a global template, but not who it is shared with.
  if (!grant.hasEntry && !grant.isAdmin) throw new AppError('not_found');
  return grant;
}

async function requireManager(platform: Platform, db: DbOrTx, options: Options) {
  const grant = await requireListAccess(platform, db, options);
  if (grant.role !== 'edit' && !grant.isAdmin) throw new AppError('forbidden');
  return grant;
}

/** On a deal, the entries of the caller's party; elsewhere all entries. */
const partyFilter = (grant: DocumentGrant) =>
  grant.collection === 'deals' && grant.party && !grant.isAdmin
    ? eq(documentAccess.party, grant.party)
    : undefined;

async function selectEntries(db: DbOrTx, grant: DocumentGrant): Promise<AccessEntry[]> {
  const rows = await db
    .select({
      id: documentAccess.id,
      userId: documentAccess.userId,
      entryEmail: documentAccess.email,
      userEmail: users.email,
      name: users.name,
      workspaceId: documentAccess.workspaceId,
      workspaceTitle: workspaces.title,
      groupId: documentAccess.groupId,
      groupName: workspaceGroups.name,
      role: documentAccess.role,
      party: documentAccess.party,
    })
    .from(documentAccess)
    .leftJoin(users, eq(users.id, documentAccess.userId))
    .leftJoin(workspaces, eq(workspaces.id, documentAccess.workspaceId))
    .leftJoin(workspaceGroups, eq(workspaceGroups.id, documentAccess.groupId))
    .where(
      and(
        eq(documentAccess.collection, grant.collection),
        eq(documentAccess.documentId, grant.documentId),
        partyFilter(grant),
      ),
    )
    .orderBy(asc(documentAccess.createdAt), asc(documentAccess.id));
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    email: row.userEmail ?? row.entryEmail,
    name: row.name,
    workspaceId: row.workspaceId,
    workspaceTitle: row.workspaceTitle,
    groupId: row.groupId,
    groupName: row.groupName,
    role: row.role,
    party: row.party,
  }));
}

/** The document's share list and whether the caller may change it. */
export async function listAccess(platform: Platform, options: Options): Promise<AccessList> {
  const { db } = platform.database;
  const grant = await requireListAccess(platform, db, options);
  return {
    entries: await selectEntries(db, grant),
    canManage: grant.role === 'edit' || grant.isAdmin,
  };
}

/**
 * Who sees a deal changed: their drawer counters and open homes follow in this transaction
 * (`dealChanged`), including those who just lost it (`formerViewerIds`).
 */
async function viewersChanged(
  platform: Platform,
  tx: Tx,
  grant: DocumentGrant,
  formerViewerIds: string[] = [],
): Promise<void> {
  if (grant.collection !== 'deals') return;
  await dealChanged(platform, tx, grant.documentId, { counts: true, formerViewerIds });
}

const notifyAccess = (platform: Platform, tx: DbOrTx, grant: DocumentGrant) =>
  platform.realtime.publish(tx, {
    topic: documentTopic(grant.collection, grant.documentId),
    type: sectionEventTypes.documentChanged,
    data: { access: true },
  });

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
    const [pending] = await tx
      .select({ party: documentAccess.party })
      .from(documentAccess)
      .where(
        and(
          eq(documentAccess.collection, 'deals'),
          eq(documentAccess.documentId, grant.documentId),
          isNull(documentAccess.userId),
          eq(documentAccess.email, key.email),
        ),
      );
    party = pending?.party;
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
async function upsertEntry(
  tx: Tx,
  grant: DocumentGrant,
  key:
    | { userId: string; email: string }
    | { email: string }
    | { workspaceId: string }
    | { groupId: string },
  role: AccessRole,
  createdBy: string,
) {
  const match =
    'userId' in key
      ? eq(documentAccess.userId, key.userId)
      : 'email' in key
        ? and(isNull(documentAccess.userId), eq(documentAccess.email, key.email))
        : 'workspaceId' in key
          ? eq(documentAccess.workspaceId, key.workspaceId)
          : eq(documentAccess.groupId, key.groupId);
  if ('userId' in key || 'email' in key) await requireNotOtherParty(tx, grant, key);
  const [existing] = await tx
    .select({ id: documentAccess.id, role: documentAccess.role })
    .from(documentAccess)
    .where(
      and(
        eq(documentAccess.collection, grant.collection),
        eq(documentAccess.documentId, grant.documentId),
        match,
        partyFilter(grant),
      ),
    );
  if (existing) {
    await tx.update(documentAccess).set({ role }).where(eq(documentAccess.id, existing.id));
    return { isNew: false, isDowngrade: existing.role === 'edit' && role === 'view' };
  }
  await tx.insert(documentAccess).values({
    collection: grant.collection,
    documentId: grant.documentId,
    ...key,
    role,
    party: grant.collection === 'deals' ? grant.party : null,
    createdBy,
  });
  return { isNew: true, isDowngrade: false };
}

/**
 * Shares the document with people (by e-mail; an address without an account is kept and
 * attached to the account when it signs in), whole workspaces and groups of the caller's
 * workspaces. Global templates are not shared with groups.
 */
export async function shareDocument(
  platform: Platform,
  options: Options & { caller: { lang: Lang }; input: ShareDocumentInput },
): Promise<AccessList> {
  const { input, caller } = options;
  // Mail to addresses the sharer chose needs an address of their own that is proven: else any
  // throwaway account relays our mails (issue 22 §6). Workspaces and groups are mailed nothing.
  const ownEmail = caller.email.toLowerCase();
  if (!caller.emailVerified && (input.emails ?? []).some((email) => email !== ownEmail)) {
    throw new AppError('share_needs_verified_email');
  }
  return platform.database.db.transaction(async (tx) => {
    const grant = await requireManager(platform, tx, options);
    const groupIds = [...new Set(input.groupIds ?? [])];
    const workspaceIds = [...new Set(input.workspaceIds ?? [])];
    // The sharer's own address is left out: sharing never changes one's own role.
    const emails = [...new Set(input.emails ?? [])].filter(
      (email) => email !== caller.email.toLowerCase(),
    );
    if (groupIds.length > 0 && grant.isGlobal) {
      throw new AppError('groups_not_for_global');
    }
    const mine = await tx
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(isMembershipOf(caller.id), isNull(workspaces.deletedAt)));
    const myWorkspaces = new Set(mine.map((row) => row.id));
    // A workspace or group is shared with only by its members (administrators: any).
    for (const id of workspaceIds) {
      if (!myWorkspaces.has(id) && !grant.isAdmin) throw new AppError('not_found');
    }
    if (groupIds.length > 0) {
      const groups = await tx
        .select({ id: workspaceGroups.id, workspaceId: workspaceGroups.workspaceId })
        .from(workspaceGroups)
        .where(and(inArray(workspaceGroups.id, groupIds), isNull(workspaceGroups.deletedAt)));
      for (const id of groupIds) {
        const group = groups.find((candidate) => candidate.id === id);
        if (!group || (!myWorkspaces.has(group.workspaceId) && !grant.isAdmin)) {
          throw new AppError('not_found');
        }
      }
    }
    const registered =
      emails.length > 0
        ? await tx
            .select({ id: users.id, email: users.email, lang: users.lang })
            .from(users)
            .where(inArray(sql`lower(${users.email})`, emails))
        : [];
    const told: SharedMailTarget[] = [];
    let isDowngrade = false;
    for (const email of emails) {
      const user = registered.find((candidate) => candidate.email.toLowerCase() === email);
      const result = await upsertEntry(
        tx,
        grant,
        user ? { userId: user.id, email } : { email },
        input.role,
        caller.id,
      );
      isDowngrade ||= result.isDowngrade;
      if (result.isNew) {
        told.push({ email, lang: user?.lang ?? caller.lang, isRegistered: Boolean(user) });
      }
    }
    await mailSharedWith(platform, tx, { grant, caller, role: input.role, targets: told });
    for (const workspaceId of workspaceIds) {
      const result = await upsertEntry(tx, grant, { workspaceId }, input.role, caller.id);
      isDowngrade ||= result.isDowngrade;
    }
    for (const groupId of groupIds) {
      const result = await upsertEntry(tx, grant, { groupId }, input.role, caller.id);
      isDowngrade ||= result.isDowngrade;
    }
    const entries = await selectEntries(tx, grant);
    // Sharing again with 'view' must not leave the document (or a deal's side) without an
    // editor, as changing the role directly cannot.
    if (isDowngrade && !entries.some((entry) => entry.role === 'edit')) {
      throw new AppError('last_editor');
    }
    await notifyAccess(platform, tx, grant);
    await viewersChanged(platform, tx, grant);
    return { entries, canManage: true };
  });
}

async function requireEntry(tx: DbOrTx, grant: DocumentGrant, accessId: string) {
  const entries = await selectEntries(tx, grant);
  const entry = entries.find((candidate) => candidate.id === accessId);
  if (!entry) throw new AppError('not_found');
  return { entry, entries };
}

/** Changes one member's role; the last editor cannot become a viewer. */
export async function updateAccess(
  platform: Platform,
  options: Options & { accessId: string; role: AccessRole },
): Promise<AccessList> {
  return platform.database.db.transaction(async (tx) => {
    const grant = await requireManager(platform, tx, options);
    const { entry, entries } = await requireEntry(tx, grant, options.accessId);
    const editors = entries.filter((candidate) => candidate.role === 'edit');
    if (options.role === 'view' && entry.role === 'edit' && editors.length === 1) {
      throw new AppError('last_editor');
    }
    await tx
      .update(documentAccess)
      .set({ role: options.role })
      .where(eq(documentAccess.id, entry.id));
    await notifyAccess(platform, tx, grant);
    return { entries: await selectEntries(tx, grant), canManage: true };
  });
}

/** Removes one member; at least one member (and one editor) stays. */
export async function removeAccess(
  platform: Platform,
  options: Options & { accessId: string },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const grant = await requireManager(platform, tx, options);
    const { entry, entries } = await requireEntry(tx, grant, options.accessId);
    const editors = entries.filter((candidate) => candidate.role === 'edit');
    if (entries.length === 1 || (entry.role === 'edit' && editors.length === 1)) {
      throw new AppError('last_editor');
    }
    const before = grant.collection === 'deals' ? await dealViewerIds(tx, grant.documentId) : [];
    await tx.delete(documentAccess).where(eq(documentAccess.id, entry.id));
    await notifyAccess(platform, tx, grant);
    await viewersChanged(platform, tx, grant, before);
  });
}

/**
 * Whom the caller can invite: the members of their workspaces (at most 100 people), their
 * workspaces and those workspaces' groups.
 */
export async function sharingSuggestions(
  platform: Platform,
  options: { userId: string },
): Promise<SharingSuggestions> {
  const { db } = platform.database;
  const myWorkspaces = await db
    .select({ id: workspaces.id, title: workspaces.title })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(isMembershipOf(options.userId), isNull(workspaces.deletedAt)))
    .orderBy(workspaces.title);
  const ids = myWorkspaces.map((workspace) => workspace.id);
  if (ids.length === 0) return { people: [], workspaces: [], groups: [] };
  const [people, groups] = await Promise.all([
    db
      .selectDistinct({ email: users.email, name: users.name })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(inArray(workspaceMembers.workspaceId, ids), ne(users.id, options.userId)))
      .orderBy(users.name, users.email)
      .limit(MAX_SHARE_SUGGESTIONS),
    db
      .select({
        id: workspaceGroups.id,
        name: workspaceGroups.name,
        workspaceTitle: workspaces.title,
      })
      .from(workspaceGroups)
      .innerJoin(workspaces, eq(workspaces.id, workspaceGroups.workspaceId))
      .where(and(inArray(workspaceGroups.workspaceId, ids), isNull(workspaceGroups.deletedAt)))
      .orderBy(workspaceGroups.name),
  ]);
  return { people, workspaces: myWorkspaces, groups };
}

/**
 * Attaches the document access entries made for the user's e-mail before they had an account
 * to the account (verified addresses only). Cheap when there is nothing to attach.
 */
export async function claimEmailAccess(
  platform: Platform,
  options: { userId: string; email: string; isEmailVerified: boolean },
): Promise<number> {
  if (!options.isEmailVerified) return 0;
  const email = options.email.toLowerCase();
  const { db } = platform.database;
  const [open] = await db
    .select({ id: documentAccess.id })
    .from(documentAccess)
    .where(and(isNull(documentAccess.userId), eq(documentAccess.email, email)))
    .limit(1);
  if (!open) return 0;
  return db.transaction(async (tx) => {
    // Where the user already has an entry of their own, the e-mail entry is redundant.
    await tx.execute(sql`
      DELETE FROM ${documentAccess} AS pending
      WHERE pending.user_id IS NULL AND pending.email = ${email}
        AND EXISTS (
          SELECT 1 FROM ${documentAccess} AS own
          WHERE own.collection = pending.collection AND own.document_id = pending.document_id
            AND own.user_id = ${options.userId}
        )`);
    const claimed = await tx
      .update(documentAccess)
      .set({ userId: options.userId })
      .where(and(isNull(documentAccess.userId), eq(documentAccess.email, email)))
      .returning({ id: documentAccess.id, collection: documentAccess.collection });
    // Deals the address was invited to now count in the user's drawer.
    if (claimed.some((row) => row.collection === 'deals')) {
      await refreshHomeCounts(platform, tx, options.userId);
    }
    return claimed.length;
  });
}

/**
 * Makes a document the user creates (or takes) in a workspace token's request the workspace's
 * too: an entry for the token's workspace with the role (and party) given, so the token reaches
 * what it made. Nothing outside such a request.
 */
export async function grantTokenWorkspaceAccess(
  tx: DbOrTx,
  options: {
    collection: DocumentCollection;
    documentId: string;
    userId: string;
    role: AccessRole;
    party?: PartyRole;
  },
): Promise<void> {
  const scope = workspaceScopeOf(options.userId);
  if (!scope) return;
  await tx
    .insert(documentAccess)
    .values({
      collection: options.collection,
      documentId: options.documentId,
      workspaceId: scope.workspaceId,
      role: options.role,
      party: options.party ?? null,
      createdBy: options.userId,
    })
    .onConflictDoNothing();
}

/**
 * Gives a user an access entry of their own unless they have one (creation, coupons, copies);
 * in a workspace token's request its workspace gets one too (`grantTokenWorkspaceAccess`).
 */
export async function grantUserAccess(
  tx: DbOrTx,
  options: {
    collection: DocumentCollection;
    documentId: string;
    userId: string;
    email: string;
    role: AccessRole;
    createdBy: string;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(documentAccess)
    .values({
      collection: options.collection,
      documentId: options.documentId,
      userId: options.userId,
      email: options.email.toLowerCase(),
      role: options.role,
      createdBy: options.createdBy,
    })
    .onConflictDoNothing()
    .returning({ id: documentAccess.id });
  await grantTokenWorkspaceAccess(tx, options);
  return inserted.length > 0;
}
