import type { AccessRole, DocumentCollection } from '@pactum/core/documents';
import { type AccessEntry, MAX_SHARE_SUGGESTIONS } from '@pactum/core/templates';
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
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
import type { DocumentGrant } from '../../documents/require-document';
import { isMembershipOf } from '../../documents/workspace-access';

/*
 * The SQL of share lists: a document's access entries as the caller's party sees them, the
 * people, workspaces and groups a share names, and the e-mail entries an account claims.
 */

/** On a deal, the entries of the caller's party; elsewhere all entries. */
const partyFilter = (grant: DocumentGrant) =>
  grant.collection === 'deals' && grant.party && !grant.isAdmin
    ? eq(documentAccess.party, grant.party)
    : undefined;

export async function selectEntries(db: DbOrTx, grant: DocumentGrant): Promise<AccessEntry[]> {
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

/** What an entry is found by: a user, a pending e-mail, a workspace or a group. */
export type EntryKey =
  | { userId: string; email: string }
  | { email: string }
  | { workspaceId: string }
  | { groupId: string };

/** The document's entry with the key (on a deal among the caller's party's entries). */
export async function findEntry(tx: Tx, grant: DocumentGrant, key: EntryKey) {
  const match =
    'userId' in key
      ? eq(documentAccess.userId, key.userId)
      : 'email' in key
        ? and(isNull(documentAccess.userId), eq(documentAccess.email, key.email))
        : 'workspaceId' in key
          ? eq(documentAccess.workspaceId, key.workspaceId)
          : eq(documentAccess.groupId, key.groupId);
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
  return existing;
}

/** The party of a deal's pending (e-mail only) entry for the address, if there is one. */
export async function findPendingDealParty(
  tx: Tx,
  options: { dealId: string; email: string },
): Promise<string | null | undefined> {
  const [pending] = await tx
    .select({ party: documentAccess.party })
    .from(documentAccess)
    .where(
      and(
        eq(documentAccess.collection, 'deals'),
        eq(documentAccess.documentId, options.dealId),
        isNull(documentAccess.userId),
        eq(documentAccess.email, options.email),
      ),
    );
  return pending?.party;
}

export async function insertEntry(tx: Tx, values: typeof documentAccess.$inferInsert) {
  await tx.insert(documentAccess).values(values);
}

export async function setEntryRole(tx: Tx, accessId: string, role: AccessRole) {
  await tx.update(documentAccess).set({ role }).where(eq(documentAccess.id, accessId));
}

export async function deleteEntry(tx: Tx, accessId: string) {
  await tx.delete(documentAccess).where(eq(documentAccess.id, accessId));
}

const titleColumns = {
  templates: { table: templates, id: templates.id, title: templates.title },
  drafts: { table: drafts, id: drafts.id, title: drafts.title },
  deals: { table: deals, id: deals.id, title: deals.title },
} as const;

/** A document's title and workspace, for the mails of a share. */
export async function findDocumentTitle(
  tx: Tx,
  options: { collection: DocumentCollection; documentId: string },
): Promise<{ title: string; workspaceId: string | null } | undefined> {
  const columns = titleColumns[options.collection];
  const [document] = await tx
    .select({ title: columns.title, workspaceId: columns.table.workspaceId })
    .from(columns.table)
    .where(eq(columns.id, options.documentId));
  return document;
}

/** The ids of the user's workspaces (not deleted). */
export async function findMyWorkspaceIds(db: DbOrTx, userId: string): Promise<Set<string>> {
  const mine = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(isMembershipOf(userId), isNull(workspaces.deletedAt)));
  return new Set(mine.map((row) => row.id));
}

/** The groups among the ids that are not deleted, with their workspaces. */
export function findLiveGroups(db: DbOrTx, groupIds: string[]) {
  return db
    .select({ id: workspaceGroups.id, workspaceId: workspaceGroups.workspaceId })
    .from(workspaceGroups)
    .where(and(inArray(workspaceGroups.id, groupIds), isNull(workspaceGroups.deletedAt)));
}

/** The accounts of the (lower-case) addresses, whatever the case they signed up with. */
export function findUsersByEmails(db: DbOrTx, emails: string[]) {
  return db
    .select({ id: users.id, email: users.email, lang: users.lang })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
}

/** The user's workspaces (not deleted), by title. */
export function findMyWorkspaces(db: DbOrTx, userId: string) {
  return db
    .select({ id: workspaces.id, title: workspaces.title })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(isMembershipOf(userId), isNull(workspaces.deletedAt)))
    .orderBy(workspaces.title);
}

/** The members of the workspaces but the user, by name (at most `MAX_SHARE_SUGGESTIONS`). */
export function findWorkspacePeople(db: DbOrTx, options: { ids: string[]; userId: string }) {
  return db
    .selectDistinct({ email: users.email, name: users.name })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(inArray(workspaceMembers.workspaceId, options.ids), ne(users.id, options.userId)))
    .orderBy(users.name, users.email)
    .limit(MAX_SHARE_SUGGESTIONS);
}

/** The live groups of the workspaces, by name, with their workspace's title. */
export function findWorkspaceGroups(db: DbOrTx, ids: string[]) {
  return db
    .select({
      id: workspaceGroups.id,
      name: workspaceGroups.name,
      workspaceTitle: workspaces.title,
    })
    .from(workspaceGroups)
    .innerJoin(workspaces, eq(workspaces.id, workspaceGroups.workspaceId))
    .where(and(inArray(workspaceGroups.workspaceId, ids), isNull(workspaceGroups.deletedAt)))
    .orderBy(workspaceGroups.name);
}

/**
 * Whether there is any entry made for the (lower-case) address that no account has claimed yet,
 * as a condition (`EXISTS`); the address may be a column of the outer query.
 */
export function openEmailEntryFor(email: string | SQL) {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${documentAccess} WHERE ${documentAccess.userId} IS NULL AND ${documentAccess.email} = ${email})`.mapWith(
    Boolean,
  );
}

/** Whether there is any entry made for the address that no account has claimed yet. */
export async function hasOpenEmailEntry(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ isOpen: openEmailEntryFor(email) }).from(sql`(SELECT 1) AS one`);
  return row?.isOpen === true;
}

/** Attaches the address's pending entries to the user; the entries attached. */
export async function attachEmailEntries(tx: Tx, options: { email: string; userId: string }) {
  const { email } = options;
  // Where the user already has an entry of their own, the e-mail entry is redundant.
  await tx.execute(sql`
      DELETE FROM ${documentAccess} AS pending
      WHERE pending.user_id IS NULL AND pending.email = ${email}
        AND EXISTS (
          SELECT 1 FROM ${documentAccess} AS own
          WHERE own.collection = pending.collection AND own.document_id = pending.document_id
            AND own.user_id = ${options.userId}
        )`);
  return tx
    .update(documentAccess)
    .set({ userId: options.userId })
    .where(and(isNull(documentAccess.userId), eq(documentAccess.email, email)))
    .returning({ id: documentAccess.id, collection: documentAccess.collection });
}
