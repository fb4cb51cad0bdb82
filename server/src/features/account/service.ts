import type { meSchema } from '@pactum/core/api/account';
import type { UpdateAccount } from '@pactum/core/auth';
import type { DealGroup } from '@pactum/core/deals';
import { storedPhone, titleCase } from '@pactum/core/validation';
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import {
  deals,
  drafts,
  type HomeCounts,
  templates,
  users,
  workspaceMembers,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { outsideRequestScope } from '../../http/request-scope';
import { requiredProvider } from '../../platform/auth/auth';
import { sessionUserColumns } from '../../platform/auth/sessions';
import type { Platform } from '../../platform/platform';
import { isProductAdmin } from '../admin/product-admin';
import { dealGroupCondition } from '../deals/groups';
import { listedDrafts } from '../drafts/listed';
import { plannedDigestAt } from '../notifications/digest';
import { accessibleDocumentIds } from '../sharing/access';
import { visibleDeals } from '../signing/my-signatures';

/** The user's own record, as the `/me` answer's schema holds it. */
type Me = z.output<typeof meSchema>;

const EMPTY_COUNTS: HomeCounts = {
  templates: 0,
  drafts: 0,
  negotiate: 0,
  sign: 0,
  waiting: 0,
  signed: 0,
  trash: 0,
  workspaces: 0,
};

/** Whether a workspace of the user requires a second factor the user does not have yet. */
async function isTwoFactorRequired(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ isRequired: sessionUserColumns.isTwoFactorRequired })
    .from(users)
    .where(eq(users.id, userId));
  return row?.isRequired ?? false;
}

/** The signed-in user's own record as the app needs it. Marks the first sign-in as welcomed. */
export async function getMe(platform: Platform, options: { userId: string }): Promise<Me> {
  const [user] = await platform.database.db
    .select()
    .from(users)
    .where(eq(users.id, options.userId));
  if (!user) throw new AppError('unauthorized');
  const isFirstLogin = user.welcomedAt === null && user.profileCompletedAt !== null;
  if (isFirstLogin) {
    await platform.database.db
      .update(users)
      .set({ welcomedAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.welcomedAt)));
  }
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstname: user.firstname,
    lastname: user.lastname,
    name: user.name,
    phone: user.phone,
    lang: user.lang,
    // The effective product-administrator status (flag, verified e-mail, staff domain): the
    // Admin drawer entry shows for exactly the users the admin routes let in.
    isAdmin: isProductAdmin(platform, user),
    hasTwoFactor: user.twoFactorAt !== null,
    isTwoFactorRequired:
      user.twoFactorAt === null && (await isTwoFactorRequired(platform.database.db, user.id)),
    ssoProvider: user.ssoProvider,
    isProtectedDomain: requiredProvider(platform.config, user.email) !== undefined,
    isProfileComplete: user.profileCompletedAt !== null,
    isFirstLogin,
    emailNotifications: user.emailNotifications,
    timezone: user.timezone,
    company: {
      name: '',
      vat: '',
      department: '',
      costcenter: '',
      www: '',
      ...user.company,
    },
    address: {
      street1: '',
      street2: '',
      zip: '',
      city: '',
      state: '',
      country: '',
      ...user.address,
    },
    autofillShown: user.autofillShown,
    notificationsDialogShown: user.notificationsDialogShown,
    counts: {
      ...EMPTY_COUNTS,
      ...user.homeCounts,
      templates: await countLibrary(platform.database.db, user.id),
      drafts: await countDrafts(platform.database.db, user.id),
    },
  };
}

/**
 * Saves the user's own settings: names title-cased (the display name follows), the phone kept
 * only when longer than 5 characters. Open tabs of the user hear of it (topic `user:<id>`).
 */
export async function updateAccount(
  platform: Platform,
  options: { userId: string; changes: UpdateAccount },
): Promise<Me> {
  const { changes } = options;
  await platform.database.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, options.userId));
    if (!current) throw new AppError('unauthorized');
    const firstname =
      changes.firstname !== undefined ? titleCase(changes.firstname) : current.firstname;
    const lastname =
      changes.lastname !== undefined ? titleCase(changes.lastname) : current.lastname;
    // A new frequency or zone plans the next digest by it at once ('off': none).
    const digest = {
      emailNotifications: changes.emailNotifications ?? current.emailNotifications,
      timezone: changes.timezone ?? current.timezone,
    };
    const isDigestChanged =
      digest.emailNotifications !== current.emailNotifications ||
      digest.timezone !== current.timezone;
    const digestPlan = isDigestChanged
      ? { digestDueAt: plannedDigestAt(digest, platform.clock.now()) }
      : {};
    await tx
      .update(users)
      .set({
        firstname,
        lastname,
        name: `${firstname} ${lastname}`.trim(),
        ...(changes.phone !== undefined ? { phone: storedPhone(changes.phone) } : {}),
        ...(changes.lang !== undefined ? { lang: changes.lang } : {}),
        ...(changes.emailNotifications !== undefined
          ? { emailNotifications: changes.emailNotifications }
          : {}),
        ...(changes.timezone !== undefined ? { timezone: changes.timezone } : {}),
        ...digestPlan,
        ...(changes.company !== undefined ? { company: changes.company } : {}),
        ...(changes.address !== undefined ? { address: changes.address } : {}),
        ...(changes.autofillShown !== undefined ? { autofillShown: changes.autofillShown } : {}),
        ...(changes.notificationsDialogShown !== undefined
          ? { notificationsDialogShown: changes.notificationsDialogShown }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, options.userId));
    await platform.realtime.publish(tx, { topic: `user:${options.userId}`, type: 'user.updated' });
  });
  return getMe(platform, { userId: options.userId });
}

/**
 * The templates the library's 'All' list shows the user: the global (partner) ones and those
 * they reach. Counted live when the app loads, as a global template published or a template
 * shared through a workspace changes it for many users at once.
 */
async function countLibrary(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(templates)
    .where(
      and(
        isNull(templates.deletedAt),
        or(
          eq(templates.isGlobal, true),
          inArray(templates.id, accessibleDocumentIds(db, { collection: 'templates', userId })),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The drafts the draft list shows the user (`listedDrafts`). Counted live when the app loads,
 * like the library: a draft shared with a workspace (visibility team) reaches every member, so
 * no single transaction could keep a stored count of every member true.
 */
async function countDrafts(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(drafts).where(listedDrafts(db, userId));
  return Number(row?.n ?? 0);
}

/**
 * Recounts the drawer's counters of a user from the records themselves: the template library as
 * the Templates list shows it (global ones and those the user reaches), their drafts, the deals
 * they see by list group, and their workspaces. 'In Signing' splits in two: deals where the user
 * still has a signature to give (`sign`) and the rest, which wait for others (`waiting`). The
 * deal groups are the lists' and the dashboard's own conditions (`features/deals/groups.ts`).
 */
export async function countHome(db: DbOrTx, userId: string): Promise<HomeCounts> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const me = { id: userId, email: user?.email ?? '' };
  const [workspaceCount] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  // Each group's own condition (`dealGroupCondition`, the lists' and widgets' too), counted
  // over the deals the user sees in one pass.
  const counted = (group: Exclude<DealGroup, 'archived'>) =>
    sql<number>`count(*) FILTER (WHERE ${dealGroupCondition(db, me, group)})`.mapWith(Number);
  const [byGroup] = await db
    .select({
      negotiate: counted('negotiate'),
      sign: counted('sign'),
      waiting: counted('waiting'),
      signed: counted('signed'),
      trash: counted('trash'),
    })
    .from(deals)
    .where(visibleDeals(db, me));
  return {
    templates: await countLibrary(db, userId),
    drafts: await countDrafts(db, userId),
    negotiate: byGroup?.negotiate ?? 0,
    sign: byGroup?.sign ?? 0,
    waiting: byGroup?.waiting ?? 0,
    signed: byGroup?.signed ?? 0,
    trash: byGroup?.trash ?? 0,
    workspaces: Number(workspaceCount?.n ?? 0),
  };
}

/**
 * Stores fresh counters of a user in the caller's transaction and tells their open tabs. Areas
 * call it when they change what a user's drawer counts (a workspace joined, a deal sent).
 */
export async function refreshHomeCounts(platform: Platform, tx: Tx, userId: string): Promise<void> {
  // The person's own counters, even when a workspace token's request changed them.
  const counts = await outsideRequestScope(() => countHome(tx, userId));
  await tx
    .update(users)
    .set({ homeCounts: sql`${JSON.stringify(counts)}::jsonb` })
    .where(eq(users.id, userId));
  await platform.realtime.publish(tx, { topic: `user:${userId}`, type: 'user.updated' });
}

/** 'Rebuild dashboard counters': stores fresh counts and tells the user's open tabs. */
export async function rebuildHomeCounts(
  platform: Platform,
  options: { userId: string },
): Promise<Me> {
  await platform.database.db.transaction((tx) => refreshHomeCounts(platform, tx, options.userId));
  return getMe(platform, options);
}
