import {
  annualTotal,
  type CreateWorkspace,
  DEFAULT_MAX_SEATS,
  DEMO_WORKSPACE_ID,
  MIN_ANNUAL_TOTAL,
  priceCredits,
  seatPrice,
  TRANSACTIONS_PAGE_SIZE,
  type WorkspaceRole,
} from '@pactum/core/billing';
import type { Lang } from '@pactum/core/validation';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DbOrTx, Tx } from '../../db/client';
import {
  creditTransactions,
  users,
  workspaceGroupMembers,
  workspaceGroups,
  workspaceInvites,
  workspaceMembers,
  workspaces,
  workspaceTags,
} from '../../db/schema';
import { logAdminAction } from '../../documents/admin-log';
import { refreshHomeCounts } from '../../documents/counters';
import {
  isMembershipOf,
  requireAdministrator,
  requireMember,
} from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { applyCreditChange } from './ledger';
import {
  chargePayment,
  findPayment,
  openPayment,
  type PaymentState,
  repeatPayment,
  requireCardProcessor,
} from './payments';
import { readCreditFigures } from './stats';

type Caller = { id: string; name: string; email: string };

/** Tells the workspace's open pages (topic `workspace:<id>`) what changed, on commit. */
export const notifyWorkspace = (
  platform: Platform,
  tx: DbOrTx,
  workspaceId: string,
  type: string,
) => platform.realtime.publish(tx, { topic: `workspace:${workspaceId}`, type });

/** The workspaces the user belongs to, most credits first. */
export async function listWorkspaces(platform: Platform, options: { userId: string }) {
  return platform.database.db
    .select({
      id: workspaces.id,
      title: workspaces.title,
      type: workspaces.type,
      credits: workspaces.credits,
      currency: workspaces.currency,
      isVerified: workspaces.isVerified,
      isRejected: workspaces.isRejected,
      isDemo: workspaces.isDemo,
      role: workspaceMembers.role,
      createdAt: workspaces.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(isMembershipOf(options.userId), isNull(workspaces.deletedAt)))
    .orderBy(desc(workspaces.credits), desc(workspaces.createdAt));
}

/** One workspace as its page shows it; licence prices only to administrators. */
export async function getWorkspace(
  platform: Platform,
  options: { userId: string; workspaceId: string },
) {
  const { db } = platform.database;
  const { role, workspace } = await requireMember(db, options);
  const isAdministrator = role === 'edit';
  const members = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: workspaceMembers.role,
      twoFactorAt: users.twoFactorAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspace.id))
    .orderBy(users.name);
  const invites = isAdministrator
    ? await db
        .select({
          email: workspaceInvites.email,
          role: workspaceInvites.role,
          createdAt: workspaceInvites.createdAt,
        })
        .from(workspaceInvites)
        .where(
          and(eq(workspaceInvites.workspaceId, workspace.id), isNull(workspaceInvites.acceptedAt)),
        )
    : [];
  const groups = await listGroups(db, workspace.id);
  const tags = await db
    .select({ id: workspaceTags.id, tag: workspaceTags.tag, createdAt: workspaceTags.createdAt })
    .from(workspaceTags)
    .where(eq(workspaceTags.workspaceId, workspace.id))
    .orderBy(workspaceTags.tag);
  const maxSeats = workspace.licensing.maxActiveSeats || DEFAULT_MAX_SEATS;
  // The balance and the stats' credit figures from one reading of the ledger (never a count
  // made before the latest purchase beside the balance after it).
  const { balance, purchased, spent } = await readCreditFigures(db, workspace.id);
  return {
    id: workspace.id,
    title: workspace.title,
    type: workspace.type,
    credits: balance,
    currency: workspace.currency,
    isVerified: workspace.isVerified,
    isRejected: workspace.isRejected,
    isDemo: workspace.isDemo,
    role,
    billingEmail: workspace.billingEmail,
    company: workspace.company,
    address: workspace.address,
    card: workspace.card,
    licensing: {
      maxActiveSeats: maxSeats,
      usedSeats: members.length + invites.length,
      ...(isAdministrator ? { pricePerSeat: workspace.licensing.pricePerSeat } : {}),
    },
    members: members.map(({ twoFactorAt, ...member }) => ({
      ...member,
      hasTwoFactor: twoFactorAt !== null,
    })),
    invites,
    groups,
    tags,
    stats: workspace.stats && { ...workspace.stats, credits: { purchased, spent } },
    statsCalculatedAt: workspace.statsCalculatedAt,
    createdAt: workspace.createdAt,
    requireTwoFactor: workspace.requireTwoFactor,
  };
}

async function listGroups(db: Database['db'], workspaceId: string) {
  const groups = await db
    .select({
      id: workspaceGroups.id,
      name: workspaceGroups.name,
      description: workspaceGroups.description,
    })
    .from(workspaceGroups)
    .where(and(eq(workspaceGroups.workspaceId, workspaceId), isNull(workspaceGroups.deletedAt)))
    .orderBy(workspaceGroups.name);
  const memberRows =
    groups.length === 0
      ? []
      : await db
          .select({ groupId: workspaceGroupMembers.groupId, userId: workspaceGroupMembers.userId })
          .from(workspaceGroupMembers)
          .where(
            inArray(
              workspaceGroupMembers.groupId,
              groups.map((g) => g.id),
            ),
          );
  return groups.map((group) => ({
    ...group,
    memberIds: memberRows.filter((m) => m.groupId === group.id).map((m) => m.userId),
  }));
}

/**
 * Orders a workspace. A card workspace is verified at once and its first credits are charged
 * (a failed charge leaves the workspace, to buy again from its page). An invoice workspace waits
 * for an administrator's review; its credits come when it is verified.
 */
export async function createWorkspace(
  platform: Platform,
  options: { user: Caller; input: CreateWorkspace & { credits: number } },
): Promise<{ workspaceId: string; payment: PaymentState | null }> {
  const { input, user } = options;
  // Refused before the workspace exists: it could not be paid for.
  if (input.type === 'card') requireCardProcessor(platform);
  const seats = input.type === 'invoice' ? (input.licences ?? 1) : 1;
  if (input.type === 'invoice' && annualTotal(seats) <= MIN_ANNUAL_TOTAL) {
    throw new AppError('annual_total_too_low');
  }
  const invoiceOrder =
    input.type === 'invoice'
      ? (() => {
          const price = priceCredits(input.credits, input.currency ?? 'EUR', input.address.country);
          return {
            credits: price.credits,
            currency: price.currency,
            unitPrice: price.unitPrice,
            taxPrc: price.taxPrc,
            taxAmount: price.taxAmount,
            purchaseTotal: price.purchaseTotal,
          };
        })()
      : null;
  // A card order sent again with its key (a lost answer, a reload) is the same order: it makes
  // no second workspace and no second charge.
  const orderKey = input.type === 'card' ? `order:${user.id}:${input.idempotencyKey}` : undefined;
  const repeated = async (key: string) => {
    const payment = await findPayment(platform, key);
    if (!payment) throw new AppError('conflict');
    return {
      workspaceId: payment.workspaceId,
      payment: await repeatPayment(platform, payment, user.name),
    };
  };
  if (orderKey && (await findPayment(platform, orderKey))) return repeated(orderKey);
  const opened = await platform.database.db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(workspaces)
        .values({
          title: input.title,
          type: input.type,
          currency: input.currency ?? 'EUR',
          isVerified: input.type === 'card',
          ...(input.type === 'card' ? { verifiedAt: new Date() } : {}),
          billingEmail: input.billingEmail,
          contact: input.contact,
          company: input.company,
          address: input.address,
          einvoice: input.type === 'invoice' ? (input.einvoice ?? {}) : {},
          licensing: {
            enabled: true,
            pricePerSeat: seatPrice(seats),
            maxActiveSeats: input.type === 'invoice' ? seats : DEFAULT_MAX_SEATS,
            billingCurrency: input.currency ?? 'EUR',
          },
          asyncPayment: invoiceOrder,
          createdBy: user.id,
        })
        .returning();
      if (!created) throw new AppError('conflict');
      await tx
        .insert(workspaceMembers)
        .values({ workspaceId: created.id, userId: user.id, role: 'edit' });
      await refreshHomeCounts(platform, tx, user.id);
      if (!orderKey) return { workspace: created, payment: undefined };
      const payment = await openPayment(tx, platform, {
        workspace: created,
        userId: user.id,
        credits: input.credits,
        idempotencyKey: orderKey,
      });
      // The same order raced this one and won: this workspace is rolled back.
      if (!payment) throw new RepeatedOrder();
      return { workspace: created, payment };
    })
    .catch((error: unknown) => {
      if (error instanceof RepeatedOrder) return undefined;
      throw error;
    });
  if (!opened) return repeated(orderKey ?? '');
  const { workspace, payment } = opened;
  if (input.type !== 'card' || !payment) return { workspaceId: workspace.id, payment: null };
  return {
    workspaceId: workspace.id,
    payment: await chargePayment(platform, {
      payment,
      workspace,
      userName: user.name,
      card: input.card,
      paymentMethodId: input.paymentMethodId,
    }),
  };
}

/** Rolls back a workspace order whose idempotency key another request took meanwhile. */
class RepeatedOrder extends Error {}

/** Buys credits by card; administrators of a verified workspace only. */
export async function buyCredits(
  platform: Platform,
  options: {
    user: Caller;
    workspaceId: string;
    credits: number;
    card: Parameters<typeof chargePayment>[1]['card'];
    paymentMethodId?: string | undefined;
    idempotencyKey: string;
  },
): Promise<PaymentState> {
  const { workspace } = await requireAdministrator(platform.database.db, {
    workspaceId: options.workspaceId,
    userId: options.user.id,
  });
  if (!workspace.isVerified) throw new AppError('workspace_in_review');
  if (workspace.type !== 'card') throw new AppError('invoice_buys_through_sales');
  requireCardProcessor(platform);
  const key = `${workspace.id}:${options.idempotencyKey}`;
  const existing = await findPayment(platform, key);
  const payment = existing
    ? undefined
    : await platform.database.db.transaction((tx) =>
        openPayment(tx, platform, {
          workspace,
          userId: options.user.id,
          credits: options.credits,
          idempotencyKey: key,
        }),
      );
  if (!payment) {
    // Sent again (or twice at once, and the other won): that purchase, never a second charge.
    const known = existing ?? (await findPayment(platform, key));
    if (!known) throw new AppError('conflict');
    return repeatPayment(platform, known, options.user.name);
  }
  return chargePayment(platform, {
    payment,
    workspace,
    userName: options.user.name,
    card: options.card,
    paymentMethodId: options.paymentMethodId,
  });
}

/** The ledger of a workspace, newest first, 10 a page. */
export async function listTransactions(
  platform: Platform,
  options: { userId: string; workspaceId: string; page: number },
) {
  const { db } = platform.database;
  await requireMember(db, options);
  const [total] = await db
    .select({ n: count() })
    .from(creditTransactions)
    .where(eq(creditTransactions.workspaceId, options.workspaceId));
  return {
    total: Number(total?.n ?? 0),
    page: options.page,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    items: await readLedger(db, {
      workspaceId: options.workspaceId,
      offset: (options.page - 1) * TRANSACTIONS_PAGE_SIZE,
      limit: TRANSACTIONS_PAGE_SIZE,
    }),
  };
}

/** Ledger rows of a workspace as its pages show them, newest first (no access check). */
export async function readLedger(
  db: DbOrTx,
  options: { workspaceId: string; offset: number; limit: number },
) {
  const rows = await db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.workspaceId, options.workspaceId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    userName: row.userName,
    product: row.product,
    purchase: row.purchase,
    spend: row.spend,
    amountChange: row.amountChange,
    balanceAfter: row.balanceAfter,
    currency: row.currency,
    purchaseTotal: row.purchaseTotal,
    taxAmount: row.taxAmount,
    documentTitle: row.documentTitle,
    documentProcess: row.documentProcess,
    receiverName: row.receiverName,
  }));
}

/**
 * Locks the workspace row until the transaction ends and counts its seats: members and open
 * invites. Whatever takes a seat holds this lock from count to insert; without it, parallel
 * invitations under READ COMMITTED each saw the last free seat and all took it.
 */
async function lockSeats(tx: Tx, workspaceId: string) {
  const [locked] = await tx
    .select({ licensing: workspaces.licensing })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  if (!locked) throw new AppError('not_found');
  // Counted in a statement of its own: its snapshot starts after the lock was granted, so it
  // sees what the previous holder committed. Both counts in one statement, so an invite
  // accepted meanwhile (invite closed, member added) is counted once, not zero times.
  const members = tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  const openInvites = tx
    .select({ n: count() })
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), isNull(workspaceInvites.acceptedAt)));
  const [used] = await tx
    .select({ n: sql<number>`(${members}) + (${openInvites})`.mapWith(Number) })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return {
    maxSeats: locked.licensing.maxActiveSeats || DEFAULT_MAX_SEATS,
    usedSeats: used?.n ?? 0,
  };
}

/**
 * Invites someone by e-mail (administrators). Refused when every licence is taken by members
 * and open invites. A registered user with that e-mail joins when they next sign in verified.
 */
export async function inviteMember(
  platform: Platform,
  options: {
    user: Caller;
    workspaceId: string;
    email: string;
    role: WorkspaceRole;
    lang: Lang;
  },
) {
  const { db } = platform.database;
  await db.transaction(async (tx) => {
    const { workspace } = await requireAdministrator(tx, {
      workspaceId: options.workspaceId,
      userId: options.user.id,
    });
    const { maxSeats, usedSeats } = await lockSeats(tx, workspace.id);
    if (usedSeats >= maxSeats) {
      throw new AppError('licences_in_use');
    }
    const [alreadyMember] = await tx
      .select({ id: users.id })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(users.email, options.email)));
    if (alreadyMember) throw new AppError('already_member', { email: options.email });
    const [invite] = await tx
      .insert(workspaceInvites)
      .values({
        workspaceId: workspace.id,
        email: options.email,
        role: options.role,
        invitedBy: options.user.id,
      })
      // A former member's accepted invite is opened again (they are not a member: checked above);
      // an invite still open is 'already invited'.
      .onConflictDoUpdate({
        target: [workspaceInvites.workspaceId, workspaceInvites.email],
        set: {
          role: options.role,
          invitedBy: options.user.id,
          acceptedAt: null,
          createdAt: sql`now()`,
        },
        setWhere: isNotNull(workspaceInvites.acceptedAt),
      })
      .returning({ id: workspaceInvites.id });
    if (!invite) throw new AppError('already_invited', { email: options.email });
    await platform.mail.queue(tx, {
      to: options.email,
      template: 'workspace-invite',
      lang: options.lang,
      vars: {
        inviter: options.user.name,
        workspace: workspace.title,
        url: `${platform.config.publicUrl}/login?redirect=${encodeURIComponent(`/dashboard/account/workspace/edit/${workspace.id}`)}`,
      },
    });
    await notifyWorkspace(platform, tx, workspace.id, 'members.changed');
  });
}

/**
 * Joins the user to every workspace that invited their (verified) e-mail. Takes no seat lock:
 * each open invite already holds its seat and becomes at most one member in the same commit.
 */
export async function acceptWorkspaceInvites(
  platform: Platform,
  options: { userId: string; email: string; isEmailVerified: boolean },
): Promise<number> {
  if (!options.isEmailVerified) return 0;
  // Called on every app load: a cheap look first, a transaction only when there is work.
  const [open] = await platform.database.db
    .select({ id: workspaceInvites.id })
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.email, options.email), isNull(workspaceInvites.acceptedAt)))
    .limit(1);
  if (!open) return 0;
  return platform.database.db.transaction(async (tx) => {
    const invites = await tx
      .update(workspaceInvites)
      .set({ acceptedAt: new Date() })
      .where(and(eq(workspaceInvites.email, options.email), isNull(workspaceInvites.acceptedAt)))
      .returning({ workspaceId: workspaceInvites.workspaceId, role: workspaceInvites.role });
    for (const invite of invites) {
      await tx
        .insert(workspaceMembers)
        .values({ workspaceId: invite.workspaceId, userId: options.userId, role: invite.role })
        .onConflictDoNothing();
      await notifyWorkspace(platform, tx, invite.workspaceId, 'members.changed');
    }
    if (invites.length > 0) await refreshHomeCounts(platform, tx, options.userId);
    return invites.length;
  });
}

/** Removes a member (administrators); the last administrator stays. */
export async function removeMember(
  platform: Platform,
  options: { userId: string; workspaceId: string; memberId: string },
) {
  await platform.database.db.transaction(async (tx) => {
    await requireAdministrator(tx, options);
    const admins = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, options.workspaceId),
          eq(workspaceMembers.role, 'edit'),
        ),
      );
    if (admins.length === 1 && admins[0]?.userId === options.memberId) {
      throw new AppError('last_administrator');
    }
    const removed = await tx
      .delete(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, options.workspaceId),
          eq(workspaceMembers.userId, options.memberId),
        ),
      )
      .returning({ userId: workspaceMembers.userId });
    if (removed.length === 0) throw new AppError('not_found');
    const groupIds = tx
      .select({ id: workspaceGroups.id })
      .from(workspaceGroups)
      .where(eq(workspaceGroups.workspaceId, options.workspaceId));
    await tx
      .delete(workspaceGroupMembers)
      .where(
        and(
          eq(workspaceGroupMembers.userId, options.memberId),
          inArray(workspaceGroupMembers.groupId, groupIds),
        ),
      );
    // Counted once the workspace's and its groups' entries no longer reach them: its deals
    // leave every list and counter of theirs with this commit.
    await refreshHomeCounts(platform, tx, options.memberId);
    await notifyWorkspace(platform, tx, options.workspaceId, 'members.changed');
  });
}

/** Fresh drawer counters for users whose groups changed, each once. */
async function refreshMembersCounts(platform: Platform, tx: Tx, userIds: string[]) {
  for (const userId of new Set(userIds)) await refreshHomeCounts(platform, tx, userId);
}

async function checkGroupMembers(
  db: Database['db'] | Parameters<Parameters<Database['db']['transaction']>[0]>[0],
  workspaceId: string,
  memberIds: string[],
) {
  const unique = [...new Set(memberIds)];
  const found = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, unique)),
    );
  if (found.length !== unique.length) {
    throw new AppError('group_members_only');
  }
  return unique;
}

/** Creates a group (administrators). */
export async function createGroup(
  platform: Platform,
  options: {
    userId: string;
    workspaceId: string;
    name: string;
    description: string;
    memberIds: string[];
  },
) {
  return platform.database.db.transaction(async (tx) => {
    await requireAdministrator(tx, options);
    const memberIds = await checkGroupMembers(tx, options.workspaceId, options.memberIds);
    const [group] = await tx
      .insert(workspaceGroups)
      .values({
        workspaceId: options.workspaceId,
        name: options.name,
        description: options.description,
        createdBy: options.userId,
      })
      .returning({ id: workspaceGroups.id });
    if (!group) throw new AppError('conflict');
    await tx
      .insert(workspaceGroupMembers)
      .values(memberIds.map((userId) => ({ groupId: group.id, userId })));
    await refreshMembersCounts(platform, tx, memberIds);
    await notifyWorkspace(platform, tx, options.workspaceId, 'groups.changed');
    return { id: group.id };
  });
}

async function requireGroup(
  tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0],
  workspaceId: string,
  groupId: string,
) {
  const [group] = await tx
    .select({ id: workspaceGroups.id })
    .from(workspaceGroups)
    .where(
      and(
        eq(workspaceGroups.id, groupId),
        eq(workspaceGroups.workspaceId, workspaceId),
        isNull(workspaceGroups.deletedAt),
      ),
    );
  if (!group) throw new AppError('not_found');
}

/** Changes a group's name, description and members (administrators). */
export async function updateGroup(
  platform: Platform,
  options: {
    userId: string;
    workspaceId: string;
    groupId: string;
    name: string;
    description: string;
    memberIds: string[];
  },
) {
  await platform.database.db.transaction(async (tx) => {
    await requireAdministrator(tx, options);
    await requireGroup(tx, options.workspaceId, options.groupId);
    const memberIds = await checkGroupMembers(tx, options.workspaceId, options.memberIds);
    await tx
      .update(workspaceGroups)
      .set({ name: options.name, description: options.description })
      .where(eq(workspaceGroups.id, options.groupId));
    const former = await tx
      .delete(workspaceGroupMembers)
      .where(eq(workspaceGroupMembers.groupId, options.groupId))
      .returning({ userId: workspaceGroupMembers.userId });
    await tx
      .insert(workspaceGroupMembers)
      .values(memberIds.map((userId) => ({ groupId: options.groupId, userId })));
    // Who left and who joined: the group's documents leave or join their lists.
    await refreshMembersCounts(platform, tx, [...former.map((row) => row.userId), ...memberIds]);
    await notifyWorkspace(platform, tx, options.workspaceId, 'groups.changed');
  });
}

/** Removes a group (administrators); it is kept as deleted for the access records that name it. */
export async function deleteGroup(
  platform: Platform,
  options: { userId: string; workspaceId: string; groupId: string },
) {
  await platform.database.db.transaction(async (tx) => {
    await requireAdministrator(tx, options);
    await requireGroup(tx, options.workspaceId, options.groupId);
    await tx
      .update(workspaceGroups)
      .set({ deletedAt: new Date() })
      .where(eq(workspaceGroups.id, options.groupId));
    // A deleted group's entries reach nobody: its members' lists lose its documents.
    const members = await tx
      .select({ userId: workspaceGroupMembers.userId })
      .from(workspaceGroupMembers)
      .where(eq(workspaceGroupMembers.groupId, options.groupId));
    await refreshMembersCounts(
      platform,
      tx,
      members.map((row) => row.userId),
    );
    await notifyWorkspace(platform, tx, options.workspaceId, 'groups.changed');
  });
}

/**
 * Adds a tag to a workspace (any member). An empty name is ignored; a name the workspace
 * already has (ignoring case) is 'Tag %s already exists'. The demo workspace takes no tags.
 */
export async function addTag(
  platform: Platform,
  options: { userId: string; workspaceId: string; tag: string },
) {
  const tag = options.tag.trim();
  if (!tag) return null;
  if (options.workspaceId === DEMO_WORKSPACE_ID) throw new AppError('not_found');
  return platform.database.db.transaction(async (tx) => {
    await requireMember(tx, options);
    const [created] = await tx
      .insert(workspaceTags)
      .values({ workspaceId: options.workspaceId, tag, createdBy: options.userId })
      .onConflictDoNothing()
      .returning({ id: workspaceTags.id, tag: workspaceTags.tag });
    if (!created) throw new AppError('tag_exists', { tag });
    await notifyWorkspace(platform, tx, options.workspaceId, 'tags.changed');
    return created;
  });
}

export async function removeTag(
  platform: Platform,
  options: { userId: string; workspaceId: string; tagId: string },
) {
  await platform.database.db.transaction(async (tx) => {
    await requireMember(tx, options);
    const removed = await tx
      .delete(workspaceTags)
      .where(
        and(
          eq(workspaceTags.id, options.tagId),
          eq(workspaceTags.workspaceId, options.workspaceId),
        ),
      )
      .returning({ id: workspaceTags.id });
    if (removed.length === 0) throw new AppError('not_found');
    await notifyWorkspace(platform, tx, options.workspaceId, 'tags.changed');
  });
}

/** `%`, `_` and `\\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The admin area's billing list, a page at a time: workspaces waiting for review first, then
 * the newest. `q` matches part of the title, company name or VAT id, or the whole id.
 */
export async function listAllWorkspaces(
  platform: Platform,
  options: { q: string; page: number; pageSize: number },
) {
  const pattern = `%${likeLiteral(options.q)}%`;
  const search = options.q
    ? or(
        ilike(workspaces.title, pattern),
        ilike(sql`${workspaces.company} ->> 'name'`, pattern),
        ilike(sql`${workspaces.company} ->> 'vat'`, pattern),
        z.uuid().safeParse(options.q).success ? eq(workspaces.id, options.q) : undefined,
      )
    : undefined;
  const rows = await platform.database.db
    .select({
      id: workspaces.id,
      title: workspaces.title,
      type: workspaces.type,
      credits: workspaces.credits,
      isVerified: workspaces.isVerified,
      isRejected: workspaces.isRejected,
      company: workspaces.company,
      asyncPayment: workspaces.asyncPayment,
      createdAt: workspaces.createdAt,
    })
    .from(workspaces)
    .where(and(isNull(workspaces.deletedAt), search))
    .orderBy(
      sql`${workspaces.isVerified} OR ${workspaces.isRejected}`,
      desc(workspaces.createdAt),
      desc(workspaces.id),
    )
    .limit(options.pageSize + 1)
    .offset((options.page - 1) * options.pageSize);
  return {
    items: rows.slice(0, options.pageSize),
    page: options.page,
    pageSize: options.pageSize,
    hasMore: rows.length > options.pageSize,
  };
}

type AdminReview = {
  adminId: string;
  workspaceId: string;
  /** Why, for the event log (optional for a review). */
  reason?: string | undefined;
  ipAddress?: string | null;
};

/**
 * An administrator verifies an invoice workspace: it becomes usable and gets its ordered
 * credits (once, however often it is verified). Each verification is logged.
 */
export async function verifyWorkspace(
  platform: Platform,
  options: AdminReview & { adminName: string },
) {
  await platform.database.db.transaction(async (tx) => {
    const [workspace] = await tx
      .update(workspaces)
      .set({
        isVerified: true,
        isRejected: false,
        verifiedBy: options.adminId,
        verifiedAt: new Date(),
      })
      .where(eq(workspaces.id, options.workspaceId))
      .returning();
    if (!workspace) throw new AppError('not_found');
    const order = workspace.asyncPayment;
    const granted =
      order && order.credits > 0
        ? await applyCreditChange(tx, {
            workspaceId: workspace.id,
            idempotencyKey: `invoice-order:${workspace.id}`,
            product: 'credits',
            purchase: order.credits,
            currency: order.currency,
            unitPrice: order.unitPrice,
            taxPrc: order.taxPrc,
            taxAmount: order.taxAmount,
            purchaseTotal: order.purchaseTotal,
            userId: options.adminId,
            userName: options.adminName,
          })
        : null;
    await logAdminAction(tx, {
      adminId: options.adminId,
      action: 'workspace.verified',
      target: { kind: 'workspace', id: workspace.id, label: workspace.title },
      reason: options.reason ?? null,
      ipAddress: options.ipAddress ?? null,
      data: { credits: granted?.isApplied ? order?.credits : 0 },
    });
    await notifyWorkspace(platform, tx, workspace.id, 'workspace.verified');
  });
}

/** An administrator rejects an invoice workspace still waiting for review; logged. */
export async function rejectWorkspace(platform: Platform, options: AdminReview) {
  await platform.database.db.transaction(async (tx) => {
    const [workspace] = await tx
      .update(workspaces)
      .set({
        isRejected: true,
        isVerified: false,
        rejectedBy: options.adminId,
        rejectedAt: new Date(),
      })
      .where(and(eq(workspaces.id, options.workspaceId), isNull(workspaces.verifiedAt)))
      .returning({ id: workspaces.id, title: workspaces.title });
    if (!workspace) throw new AppError('reject_only_waiting');
    await logAdminAction(tx, {
      adminId: options.adminId,
      action: 'workspace.rejected',
      target: { kind: 'workspace', id: workspace.id, label: workspace.title },
      reason: options.reason ?? null,
      ipAddress: options.ipAddress ?? null,
    });
    await notifyWorkspace(platform, tx, workspace.id, 'workspace.rejected');
  });
}

/** The demo workspace with its fixed id, made on first start (sending from it is not charged). */
export async function ensureDemoWorkspace(database: Database): Promise<void> {
  await database.db
    .insert(workspaces)
    .values({
      id: DEMO_WORKSPACE_ID,
      title: 'Demo workspace',
      type: 'invoice',
      isVerified: true,
      isDemo: true,
      verifiedAt: new Date(),
    })
    .onConflictDoNothing({ target: workspaces.id });
}
