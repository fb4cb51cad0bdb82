import type { meSchema } from '@pactum/core/api/account';
import type { UpdateAccount } from '@pactum/core/auth';
import { storedPhone, titleCase } from '@pactum/core/validation';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { type HomeCounts, users } from '../../db/schema';
import { draftCountOf, libraryCountOf, refreshHomeCounts } from '../../documents/counters';
import { isProductAdmin } from '../../documents/product-admin';
import { openSignerSlotFor } from '../../documents/visible-deals';
import { AppError } from '../../http/app-error';
import { requiredProvider } from '../../platform/auth/auth';
import { sessionUserColumns } from '../../platform/auth/sessions';
import type { Platform } from '../../platform/platform';
import { claimSignerSlots } from '../invites';
import { plannedDigestAt } from '../notifications';
import { claimEmailAccess, openEmailEntryFor } from '../sharing';
import { acceptWorkspaceInvites, openWorkspaceInviteFor } from '../workspaces';

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

/**
 * The user's row and everything else the `/me` answer needs, in one statement: whether a
 * workspace requires a second factor they lack, the live library and draft counts, and whether
 * anything made for their address waits to be claimed (workspace invites, shared documents,
 * signer slots).
 */
async function readMe(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      user: users,
      isTwoFactorRequired: sessionUserColumns.isTwoFactorRequired,
      templates: libraryCountOf(db, userId),
      drafts: draftCountOf(db, userId),
      hasWorkspaceInvite: openWorkspaceInviteFor(sql`"user"."email"`),
      hasEmailEntry: openEmailEntryFor(sql`lower("user"."email")`),
      hasSignerSlot: openSignerSlotFor(sql`lower("user"."email")`),
    })
    .from(users)
    .where(eq(users.id, userId))
    // Run on every app load with the same text for every user: on PostgreSQL each connection
    // parses it once and keeps its plan (planning it took longer than running it). PGlite
    // ignores the name. One name holds one text only because no workspace token reaches the
    // account (http/token-guard.ts): in such a request the access rules, and so the text, differ.
    // Name it by its text (as dashboard/queries.ts `runNamed` does) before it runs in one.
    .prepare('pactum_read_me')
    .execute();
  return row;
}

/**
 * Takes up what was made for the user's verified address before they had it: workspace
 * invitations (whichever way they signed in), documents shared with the address, and the signer
 * slots naming it (signed from the deal page). Run when the app loads; `readMe` says whether
 * there is anything to do.
 */
async function claimForAddress(
  platform: Platform,
  user: { id: string; email: string },
  pending: { hasWorkspaceInvite: boolean; hasEmailEntry: boolean; hasSignerSlot: boolean },
): Promise<void> {
  const claimant = { userId: user.id, email: user.email, isEmailVerified: true };
  if (pending.hasWorkspaceInvite) await acceptWorkspaceInvites(platform, claimant);
  if (pending.hasEmailEntry) await claimEmailAccess(platform, claimant);
  if (pending.hasSignerSlot) {
    await claimSignerSlots(platform, { id: user.id, email: user.email, isEmailVerified: true });
  }
}

/**
 * The signed-in user's own record as the app needs it. Marks the first sign-in as welcomed.
 * With `claim` (the app's load, `GET /me`), first takes up what waits for a verified address.
 */
export async function getMe(
  platform: Platform,
  options: { userId: string; claim?: boolean },
): Promise<Me> {
  const { db } = platform.database;
  let row = await readMe(db, options.userId);
  if (!row) throw new AppError('unauthorized');
  const isClaiming =
    options.claim === true &&
    row.user.emailVerified &&
    (row.hasWorkspaceInvite || row.hasEmailEntry || row.hasSignerSlot);
  if (isClaiming) {
    await claimForAddress(platform, row.user, row);
    // The claims change the counts and perhaps the second-factor rule: read again.
    row = await readMe(db, options.userId);
    if (!row) throw new AppError('unauthorized');
  }
  const { user } = row;
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
    isTwoFactorRequired: row.isTwoFactorRequired,
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
      templates: row.templates,
      drafts: row.drafts,
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

/** 'Rebuild dashboard counters': stores fresh counts and tells the user's open tabs. */
export async function rebuildHomeCounts(
  platform: Platform,
  options: { userId: string },
): Promise<Me> {
  await platform.database.db.transaction((tx) => refreshHomeCounts(platform, tx, options.userId));
  return getMe(platform, options);
}
