import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { dealSigners, deals, documentEvents } from '../db/schema';
import { newLinkId } from '../features/invites/link-id';
import { REMINDER_CRASH_AFTER_FIRST } from '../features/signing/reminders';
import { createPlatform } from '../platform/platform';
import { openConfiguredDatabase } from '../start';
import { eventually } from '../test/app';
import { crashTestPlace } from '../test/crash-place';
import { createDeal } from '../test/deal-factory';
import { createUser } from '../test/factories';
import { outboxSubjects, type ServerProcess, startServerProcess } from '../test/processes';

/*
 * Issue 40: a reminder batch cut by a crash. Three signers are due; the process dies right after
 * the first one's reminder committed. The restarted process reminds the other two, and each
 * signer has exactly one reminder mail and one audit event.
 */

const place = crashTestPlace('reminder-crash');
const DAY = 24 * 60 * 60 * 1000;
const TITLE = 'Lease to be reminded';
const SUBJECT = `Reminder: please sign "${TITLE}" in Pactum`;

/** A deal in signing with three unsigned signers due tomorrow, made before any server runs. */
async function seed(env: Record<string, string>): Promise<{ dealId: string; emails: string[] }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const database = await openConfiguredDatabase(config);
  try {
    const platform = await createPlatform(config, database);
    const [sender, receiver] = [await createUser(platform), await createUser(platform)];
    const { db } = database;
    const { deal } = await createDeal(db, { sender, receiver, title: TITLE, state: 'in-signing' });
    await db
      .update(deals)
      .set({ reminderFirstDays: 1, reminderEveryDays: 1, reminderMax: 5 })
      .where(eq(deals.id, deal.id));
    const stamp = Date.now().toString(36);
    const emails = [1, 2, 3].map((n) => `reminded-${n}-${stamp}@example.test`);
    await db.insert(dealSigners).values(
      emails.map((email, index) => ({
        shortId: newLinkId(),
        dealId: deal.id,
        party: index === 0 ? ('sender' as const) : ('receiver' as const),
        firstname: 'Signer',
        lastname: String(index + 1),
        email,
        nextReminderAt: new Date(Date.now() + DAY),
      })),
    );
    return { dealId: deal.id, emails };
  } finally {
    await database.close();
  }
}

/** Moves the process's scheduler clock two days on: the three reminders are due. */
async function moveTwoDays(server: ServerProcess): Promise<void> {
  await fetch(`${server.url}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: 2 * DAY }),
  }).catch(() => undefined);
}

describe('a reminder batch cut by a crash', () => {
  it('is finished by the restart: each signer reminded exactly once', async () => {
    const env = await place.env();
    const { dealId, emails } = await seed(env);

    const first = await startServerProcess({ ...env, PACTUM_CRASH_AT: REMINDER_CRASH_AFTER_FIRST });
    place.servers.push(first);
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    // The moved clock makes the sweep run: the first reminder commits, then the process dies.
    await moveTwoDays(first);
    expect(await exited).toBe(70);

    const second = await startServerProcess(env);
    place.servers.push(second);
    await moveTwoDays(second);
    const reminded = await eventually(async () => {
      const subjects = await Promise.all(emails.map((email) => outboxSubjects(second.url, email)));
      return subjects.every((list) => list.length > 0) ? subjects : undefined;
    }, 60_000);
    expect(reminded).toEqual([[SUBJECT], [SUBJECT], [SUBJECT]]);
    // A few worker polls later, still one each: the next reminders are a day away.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const email of emails) {
      expect(await outboxSubjects(second.url, email)).toEqual([SUBJECT]);
    }
    await second.stop('SIGTERM');

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    const database = await openConfiguredDatabase(config);
    try {
      const events = await database.db
        .select({ id: documentEvents.id })
        .from(documentEvents)
        .where(
          and(
            eq(documentEvents.documentId, dealId),
            eq(documentEvents.event, 'signing-reminder-sent'),
          ),
        );
      const slots = await database.db
        .select({ sent: dealSigners.remindersSent })
        .from(dealSigners)
        .where(eq(dealSigners.dealId, dealId));
      expect(events).toHaveLength(3);
      expect(slots.map((slot) => slot.sent)).toEqual([1, 1, 1]);
    } finally {
      await database.close();
    }
  });
});
