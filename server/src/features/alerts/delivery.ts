import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import { notifyUsers } from '../notifications';
import {
  accountsOf,
  claimAlert,
  dueAlerts,
  lockAlertItem,
  recountAlerts,
  setAlertedUsers,
  writerOf,
} from './queries';

/*
 * Delivering document alerts (spec 1 §4 'upcoming-document-alert'): a sweep every minute, at
 * start and whenever the schedulers' clock is moved, finds the pending alerts whose time has
 * come by that clock and delivers each in a transaction of its own, claimed with a conditional
 * update, so any number of sweeps in any number of processes deliver each alert once, and a
 * process that was down at 08:00 delivers on its next sweep.
 *
 * Who hears of it is decided at delivery, not when the alert was saved: an address whose account
 * may open the file then gets the mail in their language, naming the file, and a notification;
 * an account that has lost access gets nothing; an address without an account gets a mail in
 * the creator's language that does not name the file (its link leads to sign-in, where access
 * is checked). An alert on a deleted file is closed without a word.
 *
 * The mail says truthfully who set the alert and, when a workspace administrator changed it
 * since, who changed it (issue 35). An address without an account is also told the name and
 * address of the one whose words the subject and message are, so the text cannot pass as
 * anyone else's.
 */

/** Alerts read per round of a sweep; rounds go on until none is due. */
export const ALERT_SWEEP_BATCH = 100;
/** The sweep's cron: every minute (UTC), so an alert goes out within a minute of 08:00. */
export const ALERT_SWEEP_CRON = '* * * * *';

/** The file as the viewer shows it; signed out, the link leads through sign-in. */
export function alertFileUrl(platform: Platform, itemId: string): string {
  return `${platform.config.publicUrl}/dashboard/account/archive/inbox/${itemId}`;
}

/**
 * Delivers one due alert if no one has yet: true when this call delivered it. The file's row is
 * locked first, as every alert change does, then the alert is claimed.
 */
export async function deliverAlert(
  platform: Platform,
  alert: { id: string; itemId: string },
): Promise<boolean> {
  return platform.database.db.transaction(async (tx) => {
    const item = await lockAlertItem(tx, alert.itemId);
    const claimed = await claimAlert(tx, { alertId: alert.id, now: platform.clock.now() });
    if (!item || !claimed) return false;
    const alertedUserIds: string[] = [];
    if (item.isLive) {
      const accounts = await accountsOf(tx, { itemId: item.id, emails: claimed.emails });
      const creator = await writerOf(tx, claimed.createdBy);
      // Who saved it last, when not its author: the administrator whose words it now holds.
      const editor =
        claimed.modifiedBy && claimed.modifiedBy !== claimed.createdBy
          ? await writerOf(tx, claimed.modifiedBy)
          : undefined;
      const url = alertFileUrl(platform, item.id);
      const common = {
        subject: claimed.subject,
        message: claimed.message,
        sender: creator?.name ?? '',
        senderEmail: creator?.email ?? '',
        editor: editor?.name ?? '',
        editorEmail: editor?.email ?? '',
        url,
      };
      for (const email of claimed.emails) {
        const account = accounts.find((candidate) => candidate.email === email);
        if (account && !account.mayOpen) continue;
        if (account) alertedUserIds.push(account.id);
        await platform.mail.queue(tx, {
          to: email,
          template: 'document-alert',
          lang: account?.lang ?? creator?.lang ?? 'en',
          vars: account
            ? { ...common, isUser: true, title: item.name }
            : { ...common, isUser: false, title: '' },
        });
      }
      await notifyUsers(platform, tx, {
        userIds: alertedUserIds,
        actorId: null,
        collection: 'archives',
        documentId: item.id,
        event: 'upcoming-document-alert',
        data: { title: item.name, archiveId: item.id, subject: claimed.subject },
      });
    }
    await setAlertedUsers(tx, { alertId: claimed.id, userIds: alertedUserIds });
    await recountAlerts(tx, item.id);
    return true;
  });
}

/**
 * Delivers every alert due by the schedulers' clock, a batch at a time; how many this call
 * delivered. One alert that fails does not hold up the others: it is left pending for the next
 * sweep, and the sweep then fails with its error.
 */
export async function deliverDueAlerts(platform: Platform): Promise<number> {
  const failed = new Map<string, unknown>();
  let delivered = 0;
  for (;;) {
    const batch = await dueAlerts(platform.database.db, {
      now: platform.clock.now(),
      limit: ALERT_SWEEP_BATCH,
      skipIds: [...failed.keys()],
    });
    for (const alert of batch) {
      try {
        if (await deliverAlert(platform, alert)) delivered += 1;
      } catch (error) {
        failed.set(alert.id, error);
      }
    }
    if (batch.length < ALERT_SWEEP_BATCH) break;
  }
  if (failed.size > 0) {
    const [first] = failed.values();
    throw new Error(`${failed.size} alert(s) could not be delivered: ${String(first)}`, {
      cause: first,
    });
  }
  return delivered;
}

const sweepJobs = new WeakMap<Platform, JobDefinition<Record<string, never>>>();
const listening = new WeakSet<Platform>();

/** The sweep job of this platform's queues. */
export function sweepAlertsJob(platform: Platform): JobDefinition<Record<string, never>> {
  const known = sweepJobs.get(platform);
  if (known) return known;
  const definition = defineJob<Record<string, never>>({
    name: 'alerts.deliver-due',
    // The next minute's sweep is the retry.
    retryLimit: 0,
    expireInSeconds: 300,
    async handle() {
      await deliverDueAlerts(platform);
    },
  });
  sweepJobs.set(platform, definition);
  return definition;
}

/** Registers the alert delivery jobs; call before the platform starts. */
export function registerAlertJobs(platform: Platform): void {
  platform.jobs.register(sweepAlertsJob(platform));
  if (listening.has(platform)) return;
  listening.add(platform);
  // A moved clock (tests, `POST /dev/clock`) may have made alerts due: look at once.
  platform.clock.onMove(async () => {
    await platform.jobs.enqueue(platform.database.db, sweepAlertsJob(platform), {});
  });
}

/** Schedules the due-alert sweep and runs it once now (after the platform started). */
export async function scheduleAlertSweep(platform: Platform): Promise<void> {
  await platform.jobs.schedule(sweepAlertsJob(platform), ALERT_SWEEP_CRON, {});
  await platform.jobs.enqueue(platform.database.db, sweepAlertsJob(platform), {});
}
