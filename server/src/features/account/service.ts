import type { meSchema } from '@pactum/core/api/account';
import type { UpdateAccount } from '@pactum/core/auth';
import { storedPhone, titleCase } from '@pactum/core/validation';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { type HomeCounts, users } from '../../db/schema';
import { countDrafts, countLibrary, refreshHomeCounts } from '../../documents/counters';
import { isProductAdmin } from '../../documents/product-admin';
import { AppError } from '../../http/app-error';
import { requiredProvider } from '../../platform/auth/auth';
import { sessionUserColumns } from '../../platform/auth/sessions';
import type { Platform } from '../../platform/platform';
import { plannedDigestAt } from '../notifications';

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

/** 'Rebuild dashboard counters': stores fresh counts and tells the user's open tabs. */
export async function rebuildHomeCounts(
  platform: Platform,
  options: { userId: string },
): Promise<Me> {
  await platform.database.db.transaction((tx) => refreshHomeCounts(platform, tx, options.userId));
  return getMe(platform, options);
}
