import type { EmailNotification } from '@pactum/core/auth';
import { notificationText } from '@pactum/core/notification-texts';
import { nextDigestAt, zoneOrDefault } from '@pactum/core/schedule';
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import { unsubscribeLinks } from './unsubscribe';

/*
 * E-mail digests of new notifications (spec 1 §9 e-mail notification options): twice a day
 * (08:00 and 16:00), daily (08:00) or weekly (Monday 08:00) in the user's timezone, or never.
 * Each user's next digest is `user.digest_due_at`. A sweep (`notifications.digest-due`, every
 * minute, and at once when a process starts or a test moves the clock) first plans users who
 * have none, then sends every due digest, each in its own transaction: the user's row is
 * claimed by moving `digest_due_at` on from the value read (so of two processes one sends), the
 * notifications not seen and not mailed yet are marked digested in the same transaction (so
 * each is in at most one digest) and one mail is queued, or none when nothing is new. The next
 * slot is always the first one after now: a process that was down sends one digest on return,
 * not one per missed slot.
 */

type SweepData = Record<string, never>;

export const DIGEST_SWEEP_JOB = 'notifications.digest-due';
/** Every minute: the slots are on the hour, and a minute late is on time for a digest. */
export const DIGEST_SWEEP_CRON = '* * * * *';
/** Due users read per query while sending. */
const SEND_BATCH = 50;
/** Lines one digest lists; the rest are counted ('and N more'). */
export const DIGEST_MAX_LINES = 50;

const sweepJobs = new WeakMap<Platform, JobDefinition<SweepData>>();
const clockListeners = new WeakSet<Platform>();

/** When a user with these settings gets the next digest after `now`; null when off. */
export function plannedDigestAt(
  settings: { emailNotifications: EmailNotification; timezone: string | null },
  now: Date,
): Date | null {
  return nextDigestAt(settings.emailNotifications, zoneOrDefault(settings.timezone), now);
}

function digestSweepJob(platform: Platform): JobDefinition<SweepData> {
  const known = sweepJobs.get(platform);
  if (known) return known;
  const definition = defineJob<SweepData>({
    name: DIGEST_SWEEP_JOB,
    // The next minute's sweep is the retry.
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    async handle() {
      await sweepDigests(platform);
    },
  });
  sweepJobs.set(platform, definition);
  return definition;
}

/** Registers the e-mail digest jobs; call before the platform starts. */
export function registerDigestJobs(platform: Platform): void {
  platform.jobs.register(digestSweepJob(platform));
}

const enqueueSweep = (platform: Platform) =>
  platform.jobs.enqueue(platform.database.db, digestSweepJob(platform), {}).then(() => {});

/**
 * Schedules the digest sweep and runs it once now (after the platform started): a process that
 * was down at a slot sends its due digests at once. A moved clock (tests) sweeps at once too.
 */
export async function scheduleDigests(platform: Platform): Promise<void> {
  await platform.jobs.schedule(digestSweepJob(platform), DIGEST_SWEEP_CRON, {});
  await enqueueSweep(platform);
  if (!clockListeners.has(platform)) {
    clockListeners.add(platform);
    platform.clock.onMove(() => enqueueSweep(platform));
  }
}

/** One sweep: plans the users without a next digest, then sends the due ones. */
export async function sweepDigests(platform: Platform): Promise<{ planned: number; sent: number }> {
  const now = platform.clock.now();
  const planned = await planDigests(platform.database.db, now);
  const sent = await sendDueDigests(platform, now);
  return { planned, sent };
}

/**
 * Gives every user whose digests are on and who has no next digest (new users, and users from
 * before digests) their next slot. Users with the same frequency and zone share it, so this is
 * one update per distinct setting, whatever the number of users. A setting changed meanwhile
 * is planned by its own transaction and is left alone here.
 */
async function planDigests(db: DbOrTx, now: Date): Promise<number> {
  const settings = await db
    .selectDistinct({ emailNotifications: users.emailNotifications, timezone: users.timezone })
    .from(users)
    .where(and(isNull(users.digestDueAt), ne(users.emailNotifications, 'off')));
  let planned = 0;
  for (const setting of settings) {
    const dueAt = plannedDigestAt(setting, now);
    if (!dueAt) continue;
    const rows = await db
      .update(users)
      .set({ digestDueAt: dueAt })
      .where(
        and(
          isNull(users.digestDueAt),
          eq(users.emailNotifications, setting.emailNotifications),
          setting.timezone === null ? isNull(users.timezone) : eq(users.timezone, setting.timezone),
        ),
      )
      .returning({ id: users.id });
    planned += rows.length;
  }
  return planned;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Display names of the users who acted. */
async function userNamesById(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

type DueUser = {
  id: string;
  digestDueAt: Date;
  emailNotifications: EmailNotification;
  timezone: string | null;
};

/** Sends every digest due at `now`, oldest first; answers how many mails were queued. */
async function sendDueDigests(platform: Platform, now: Date): Promise<number> {
  const { db } = platform.database;
  let sent = 0;
  let failure: unknown;
  // Walked by (due time, id), so a user whose claim failed is not read again in this sweep.
  let after: { dueAt: Date; id: string } | null = null;
  for (;;) {
    const rows = await db
      .select({
        id: users.id,
        digestDueAt: users.digestDueAt,
        emailNotifications: users.emailNotifications,
        timezone: users.timezone,
      })
      .from(users)
      .where(
        and(
          isNotNull(users.digestDueAt),
          lte(users.digestDueAt, now),
          after
            ? sql`(${users.digestDueAt}, ${users.id}) > (${after.dueAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(users.digestDueAt), asc(users.id))
      .limit(SEND_BATCH);
    const due: DueUser[] = rows.flatMap((row) =>
      row.digestDueAt ? [{ ...row, digestDueAt: row.digestDueAt }] : [],
    );
    for (const user of due) {
      // One user's failure does not hold up the others; it shows as the sweep's failure and
      // their digest is tried again by the next sweep.
      try {
        if (await sendDigest(platform, user, now)) sent += 1;
      } catch (error) {
        failure ??= error;
      }
    }
    const last: DueUser | undefined = due[due.length - 1];
    if (!last || rows.length < SEND_BATCH) break;
    after = { dueAt: last.digestDueAt, id: last.id };
  }
  if (failure !== undefined) throw failure;
  return sent;
}

/**
 * One user's digest, in one transaction. True when a mail was queued; false when another
 * process claimed it first, the settings changed meanwhile or nothing was new.
 */
async function sendDigest(platform: Platform, user: DueUser, now: Date): Promise<boolean> {
  // Signed before the transaction: the secret may be read from the database the first time.
  const links = await unsubscribeLinks(platform, user.id);
  return platform.database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(users)
      .set({ digestDueAt: plannedDigestAt(user, now) })
      .where(and(eq(users.id, user.id), eq(users.digestDueAt, user.digestDueAt)))
      .returning({
        email: users.email,
        emailVerified: users.emailVerified,
        name: users.name,
        lang: users.lang,
      });
    if (!claimed || user.emailNotifications === 'off') return false;
    // An address nobody proved is not sent what happens on the account's documents; its
    // notifications wait for a digest after it is verified.
    if (!claimed.emailVerified) return false;
    const fresh = await tx
      .update(notifications)
      .set({ digestedAt: now })
      .where(
        and(
          eq(notifications.userId, user.id),
          isNull(notifications.readAt),
          isNull(notifications.digestedAt),
        ),
      )
      .returning({
        id: notifications.id,
        event: notifications.event,
        data: notifications.data,
        createdAt: notifications.createdAt,
      });
    if (fresh.length === 0) return false;
    const listed = fresh
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .slice(0, DIGEST_MAX_LINES);
    const names = await userNamesById(
      tx,
      listed.flatMap((row) => text(row.data.byUserId) ?? []),
    );
    await platform.mail.queue(tx, {
      to: claimed.email,
      template: 'notification-digest',
      lang: claimed.lang,
      vars: {
        name: claimed.name,
        count: fresh.length,
        lines: listed.map((row) => ({
          text: notificationText(claimed.lang, {
            event: row.event,
            fromName: names.get(text(row.data.byUserId) ?? '') ?? null,
            sectionTitle: text(row.data.sectionTitle),
            subject: text(row.data.subject),
          }),
          title: text(row.data.dealTitle) ?? text(row.data.title) ?? '',
        })),
        more: fresh.length - listed.length,
        frequency: user.emailNotifications,
        url: new URL('/dashboard/home', platform.config.publicUrl).toString(),
        ...links,
      },
    });
    return true;
  });
}
