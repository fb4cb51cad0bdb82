import { REMIND_NOW_INTERVAL_SECONDS, REMINDER_DEFAULTS } from '@pactum/core/signing';
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { dealSigners, deals } from '../../db/schema';
import type { DealRow } from '../../documents/deal-reads';
import { AppError } from '../../http/app-error';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import { appendDealEvent } from './deal-events';
import { findSigner, type SignerRow, userLang } from './queries';
import { signingRefusal as refuse } from './refusals';
import { signingLink } from './signers';
import { type Caller, lockAsEditor } from './signing-context';
import { afterSigningChange } from './signing-notices';
import { getSigningView, type SigningView } from './signing-view';

/*
 * Reminders to signers who have not signed (issue 40). Starting signing sets the deal's rule
 * (first after N days, then every M, at most K) and plans each unsigned slot's first reminder
 * (`next_reminder_at`). A sweep (`signing.reminders-due`, every minute, at once when a process
 * starts or a test moves the clock) mails every due slot, each in a transaction of its own that
 * locks the deal row first, as signing, declining and withdrawing do, and re-reads the slot: a
 * slot signed, declined, replaced or withdrawn meanwhile is gone or no longer due, and of two
 * processes one mails while the other skips (the row is taken with SKIP LOCKED). The mail, the
 * count, the next due time and the audit event commit together, so a crash sends it again in
 * full or not at all. 'Remind now' (the sender's side) takes the same path, at most once an
 * hour per signer and never beyond the deal's limit.
 */

export const REMINDER_SWEEP_JOB = 'signing.reminders-due';
/** Tests only (PACTUM_CRASH_AT): the process dies right after a sweep's first reminder committed. */
export const REMINDER_CRASH_AFTER_FIRST = 'reminder-after-first';
export const REMINDER_SWEEP_CRON = '* * * * *';
/** Due slots read per sweep query. */
const SWEEP_BATCH = 50;

type SweepData = Record<string, never>;
const sweepJobs = new WeakMap<Platform, JobDefinition<SweepData>>();
const clockListeners = new WeakSet<Platform>();

const dayMs = 24 * 60 * 60 * 1000;

/** The deal's reminder rule as a start-signing request asks it: left out, the defaults. */
export function reminderColumns(
  reminders: { firstAfterDays: number; everyDays: number; max: number } | null | undefined,
) {
  const rule = reminders === undefined ? REMINDER_DEFAULTS : reminders;
  return {
    reminderFirstDays: rule?.firstAfterDays ?? null,
    reminderEveryDays: rule?.everyDays ?? null,
    reminderMax: rule?.max ?? null,
  };
}

/**
 * Plans the first reminder of every unsigned slot of the deal that has none yet (just named,
 * or named ahead before signing started), from `now` and the deal's rule.
 */
export async function planReminders(tx: Tx, dealId: string, now: Date): Promise<void> {
  await tx
    .update(dealSigners)
    .set({
      nextReminderAt: sql`${now.toISOString()}::timestamptz + make_interval(days => ${deals.reminderFirstDays})`,
    })
    .from(deals)
    .where(
      and(
        eq(deals.id, dealSigners.dealId),
        eq(dealSigners.dealId, dealId),
        eq(dealSigners.state, 'new'),
        isNull(dealSigners.nextReminderAt),
        eq(dealSigners.remindersSent, 0),
        isNotNull(deals.reminderFirstDays),
      ),
    );
}

/**
 * One reminder to one signer, in the caller's transaction: the mail with their link, in their
 * language; the count, the time, the next due time (none once the limit is reached); and the
 * event both parties see in the audit trail.
 */
async function remind(
  platform: Platform,
  tx: Tx,
  options: { deal: DealRow; signer: SignerRow; now: Date; userId: string | null },
): Promise<void> {
  const { deal, signer, now } = options;
  const sent = signer.remindersSent + 1;
  const max = deal.reminderMax ?? REMINDER_DEFAULTS.max;
  const every = deal.reminderEveryDays ?? REMINDER_DEFAULTS.everyDays;
  const name = `${signer.firstname} ${signer.lastname}`;
  await platform.mail.queue(tx, {
    to: signer.email,
    template: 'signing-reminder',
    lang: await userLang(tx, signer.email),
    vars: {
      signer: name,
      title: deal.title,
      party: deal.parties[signer.party]?.name ?? '',
      sender: deal.parties.sender?.name ?? '',
      url: signingLink(platform, signer.shortId),
    },
    ref: { kind: 'signing-reminder', id: `${signer.id}:${sent}` },
  });
  await tx
    .update(dealSigners)
    .set({
      remindersSent: sent,
      lastRemindedAt: now,
      nextReminderAt:
        sent < max && deal.reminderFirstDays !== null
          ? new Date(now.getTime() + every * dayMs)
          : null,
    })
    .where(eq(dealSigners.id, signer.id));
  await appendDealEvent(platform, tx, deal.id, {
    event: 'signing-reminder-sent',
    userId: options.userId,
    data: { signerId: signer.id, name, count: sent },
  });
}

/**
 * POST /deals/:dealId/signers/:signerId/remind: 'Remind now', by an editor of the sender's
 * side while in signing, for a signer who has not signed; at most once an hour per signer (429
 * with the minutes left) and never beyond the deal's limit (409).
 */
export async function remindNow(
  platform: Platform,
  options: { dealId: string; signerId: string; user: Caller },
): Promise<SigningView> {
  await platform.database.db.transaction(async (tx) => {
    const { deal, party } = await lockAsEditor(tx, options);
    if (party !== 'sender') throw new AppError('forbidden');
    if (deal.state !== 'in-signing') throw refuse('notInSigning');
    const signer = await findSigner(tx, deal.id, options.signerId, true);
    if (!signer) throw refuse('signerNotFound');
    if (signer.state === 'signed') throw refuse('alreadySigned');
    const now = platform.clock.now();
    if (signer.lastRemindedAt) {
      const waitMs =
        signer.lastRemindedAt.getTime() + REMIND_NOW_INTERVAL_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AppError(
          'reminder_too_soon',
          { minutes: String(Math.ceil(seconds / 60)) },
          { retryAfterSeconds: seconds },
        );
      }
    }
    if (signer.remindersSent >= (deal.reminderMax ?? REMINDER_DEFAULTS.max)) {
      throw new AppError('reminder_limit');
    }
    await remind(platform, tx, { deal, signer, now, userId: options.user.id });
    await afterSigningChange(platform, tx, deal.id, false);
  });
  return getSigningView(platform, options);
}

/** Mails every reminder due now; answers how many went out. */
export async function sweepReminders(platform: Platform): Promise<number> {
  const now = platform.clock.now();
  const { db } = platform.database;
  let sent = 0;
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const due = await db
      .select({ id: dealSigners.id, dealId: dealSigners.dealId, at: dealSigners.nextReminderAt })
      .from(dealSigners)
      .where(
        and(
          lte(dealSigners.nextReminderAt, now),
          eq(dealSigners.state, 'new'),
          after
            ? sql`(${dealSigners.nextReminderAt}, ${dealSigners.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(dealSigners.nextReminderAt), asc(dealSigners.id))
      .limit(SWEEP_BATCH);
    for (const slot of due) {
      if (!(await remindDue(platform, slot, now))) continue;
      sent += 1;
      if (platform.config.crashAt === REMINDER_CRASH_AFTER_FIRST) process.exit(70);
    }
    const last = due.at(-1);
    if (due.length < SWEEP_BATCH || !last?.at) return sent;
    after = { at: last.at, id: last.id };
  }
}

/** One due slot in a transaction of its own; false when another process has it or it is no longer due. */
async function remindDue(
  platform: Platform,
  slot: { id: string; dealId: string },
  now: Date,
): Promise<boolean> {
  return platform.database.db.transaction(async (tx) => {
    const [deal] = await tx
      .select()
      .from(deals)
      .where(eq(deals.id, slot.dealId))
      .for('update', { skipLocked: true });
    if (deal?.state !== 'in-signing') return false;
    const signer = await findSigner(tx, deal.id, slot.id, true);
    const dueAt = signer?.state === 'new' ? signer.nextReminderAt : null;
    if (!signer || !dueAt || dueAt > now) return false;
    await remind(platform, tx, { deal, signer, now, userId: null });
    await afterSigningChange(platform, tx, deal.id, false);
    return true;
  });
}

function reminderSweepJob(platform: Platform): JobDefinition<SweepData> {
  const known = sweepJobs.get(platform);
  if (known) return known;
  const definition = defineJob<SweepData>({
    name: REMINDER_SWEEP_JOB,
    // The next minute's sweep is the retry.
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    async handle() {
      await sweepReminders(platform);
    },
  });
  sweepJobs.set(platform, definition);
  return definition;
}

/** Registers the reminder sweep (the job registry calls it before the platform starts). */
export function registerReminderJobs(platform: Platform): void {
  platform.jobs.register(reminderSweepJob(platform));
}

const enqueueSweep = (platform: Platform) =>
  platform.jobs.enqueue(platform.database.db, reminderSweepJob(platform), {}).then(() => {});

/**
 * Schedules the sweep and runs it once now (after the platform started): reminders due while
 * no process ran go out at once. A moved clock (tests, the dev clock) sweeps at once too.
 */
export async function scheduleReminders(platform: Platform): Promise<void> {
  await platform.jobs.schedule(reminderSweepJob(platform), REMINDER_SWEEP_CRON, {});
  await enqueueSweep(platform);
  if (!clockListeners.has(platform)) {
    clockListeners.add(platform);
    platform.clock.onMove(() => enqueueSweep(platform));
  }
}
