import type { SigningView } from '@pactum/core/signing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealSigners, documentEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import type { TestUser } from '../../test/factories';
import {
  createDealInSigning,
  createSigningCast,
  signerInput,
  signRequest,
} from '../../test/signing-factories';
import { sweepReminders } from './reminders';

/*
 * Reminders to signers who have not signed (issue 40): planned when signing starts, mailed by
 * the sweep once due and never twice, stopped by a signature and by the limit; 'Remind now' for
 * the sender's side at most once an hour. The sweep is run by hand here (no workers), twice at
 * once where two processes would race.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let senderReader: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  ({ sender, receiver, senderReader, stranger, otherWorkspaceUser } = await createSigningCast(t));
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);
const DAY = 24 * 60 * 60 * 1000;
let phone = 7200000;
const nextPhone = () => `+35840${++phone}`;

const inSigning = (
  reminders?: { firstAfterDays: number; everyDays: number; max: number } | null,
  title = 'Service agreement',
) =>
  createDealInSigning(t, { sender, receiver }, [nextPhone(), nextPhone()], {
    others: [{ user: senderReader, party: 'sender', role: 'view' }],
    title,
    ...(reminders === undefined ? {} : { reminders }),
  });

/** The reminder mails queued to `email` about the deal titled `title` (no workers send them). */
async function remindersTo(email: string, title: string) {
  const result = (await t.database.db.execute(
    sql`SELECT id FROM pgboss.job WHERE data->>'to' = ${email}
      AND data->>'template' = 'signing-reminder' AND data->'vars'->>'title' = ${title}`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows;
}

async function reminderEvents(dealId: string) {
  return t.database.db
    .select({ data: documentEvents.data })
    .from(documentEvents)
    .where(
      and(eq(documentEvents.documentId, dealId), eq(documentEvents.event, 'signing-reminder-sent')),
    );
}

async function slotOf(dealId: string, email: string) {
  const rows = await t.database.db.select().from(dealSigners).where(eq(dealSigners.dealId, dealId));
  const slot = rows.find((row) => row.email === email);
  if (!slot) throw new Error('no slot');
  return slot;
}

async function moveDays(days: number) {
  await t.platform.clock.move(days * DAY);
}

describe('scheduled reminders', () => {
  it('mail each unsigned signer once when due, then every few days up to the limit', async () => {
    const title = `Reminded ${Date.now()}`;
    const deal = await inSigning({ firstAfterDays: 2, everyDays: 1, max: 2 }, title);
    const planned = await slotOf(deal.id, receiver.email);
    expect(planned.nextReminderAt?.getTime()).toBeGreaterThan(Date.now() + 2 * DAY - 60_000);

    // Not due yet: nothing.
    expect(await sweepReminders(t.platform)).toBe(0);
    await moveDays(2);
    // Two processes sweep at once: each slot is reminded once.
    const [a, b] = await Promise.all([sweepReminders(t.platform), sweepReminders(t.platform)]);
    expect(a + b).toBeGreaterThanOrEqual(2);
    expect(await remindersTo(receiver.email, title)).toHaveLength(1);
    expect(await remindersTo(sender.email, title)).toHaveLength(1);
    expect(await sweepReminders(t.platform)).toBe(0);
    expect(await remindersTo(receiver.email, title)).toHaveLength(1);

    // The sender signs: no more reminders for them; the receiver gets the second and last.
    const view = (await api('GET', `/deals/${deal.id}/signing`, sender)).json() as SigningView;
    const mine = view.signers.find((signer) => signer.canSign);
    expect(
      (
        await api(
          'POST',
          `/deals/${deal.id}/signers/${mine?.id}/sign`,
          sender,
          signRequest('Signed'),
        )
      ).statusCode,
    ).toBe(200);
    await moveDays(1);
    await sweepReminders(t.platform);
    expect(await remindersTo(sender.email, title)).toHaveLength(1);
    expect(await remindersTo(receiver.email, title)).toHaveLength(2);
    expect((await slotOf(deal.id, receiver.email)).nextReminderAt).toBeNull();
    await moveDays(5);
    await sweepReminders(t.platform);
    expect(await remindersTo(receiver.email, title)).toHaveLength(2);

    const events = await reminderEvents(deal.id);
    expect(events).toHaveLength(3);
    const after = (await api('GET', `/deals/${deal.id}/signing`, sender)).json() as SigningView;
    expect(after.reminders).toEqual({ firstAfterDays: 2, everyDays: 1, max: 2 });
    expect(after.signers.find((signer) => signer.party === 'receiver')?.reminders.sent).toBe(2);
  });

  it('follow the defaults when not asked, and none at all when turned off', async () => {
    const byDefault = await inSigning();
    const view = (await api('GET', `/deals/${byDefault.id}/signing`, sender)).json() as SigningView;
    expect(view.reminders).toEqual({ firstAfterDays: 3, everyDays: 3, max: 5 });
    const off = await inSigning(null);
    expect((await slotOf(off.id, receiver.email)).nextReminderAt).toBeNull();
  });

  it('stop when the deal leaves signing', async () => {
    const deal = await inSigning({ firstAfterDays: 1, everyDays: 1, max: 3 });
    const withdrawn = await api('POST', `/deals/${deal.id}/withdraw-signing`, sender, {
      reason: 'New prices are coming next week.',
      moveTo: 'negotiation',
    });
    expect(withdrawn.statusCode).toBe(200);
    await moveDays(2);
    await sweepReminders(t.platform);
    expect(await reminderEvents(deal.id)).toEqual([]);
  });

  it('refuse intervals under a day and limits beyond ten, naming the field', async () => {
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    const refused = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerInput(sender, 'sender', nextPhone())],
      reminders: { firstAfterDays: 1, everyDays: 0, max: 11 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'reminders.everyDays': 'Between 1 and 365 days',
      'reminders.max': 'Between 1 and 10 reminders',
    });
  });
});

describe('remind now', () => {
  it('mails the signer at once, then refuses within the hour with the time left', async () => {
    const deal = await inSigning(null);
    const slot = await slotOf(deal.id, receiver.email);
    const url = `/deals/${deal.id}/signers/${slot.id}/remind`;
    const first = await api('POST', url, sender);
    expect(first.statusCode, first.body).toBe(200);
    const view = first.json() as SigningView;
    expect(view.signers.find((signer) => signer.id === slot.id)?.reminders.sent).toBe(1);

    const again = await api('POST', url, sender);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    expect(again.json().error.message).toMatch(/remind them again in (59|60) min/);
    await t.platform.clock.move(61 * 60 * 1000);
    expect((await api('POST', url, sender)).statusCode).toBe(200);
    expect(await reminderEvents(deal.id)).toHaveLength(2);
  });

  it('is the sender’s side’s, and refused to others and once the limit is reached', async () => {
    const deal = await inSigning({ firstAfterDays: 1, everyDays: 1, max: 1 });
    const slot = await slotOf(deal.id, receiver.email);
    const url = `/deals/${deal.id}/signers/${slot.id}/remind`;
    expect((await api('POST', url, receiver)).statusCode).toBe(403);
    expect((await api('POST', url, senderReader)).statusCode).toBe(403);
    expect((await api('POST', url, stranger)).statusCode).toBe(404);
    expect((await api('POST', url, otherWorkspaceUser)).statusCode).toBe(404);
    const view = (await api('GET', `/deals/${deal.id}/signing`, receiver)).json() as SigningView;
    expect(view.signers.every((signer) => !signer.canRemind)).toBe(true);

    expect((await api('POST', url, sender)).statusCode).toBe(200);
    await t.platform.clock.move(2 * 60 * 60 * 1000);
    const beyond = await api('POST', url, sender);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().error.code).toBe('reminder_limit');
  });
});
