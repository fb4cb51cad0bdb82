import { createHmac, randomUUID } from 'node:crypto';
import type { NotificationCollection, NotificationEvent } from '@pactum/core/notifications';
import { nextDigestAt } from '@pactum/core/schedule';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema';
import type { NotificationDigestVars } from '../../platform/mail/templates';
import { renderMail } from '../../platform/mail/templates';
import { createTestApp, type TestApp } from '../../test/app';
import { apiAs } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { DIGEST_MAX_LINES, sweepDigests } from './digest';
import { notifyUsers } from './notify';

/*
 * E-mail digests (spec 1 §9): planned in the user's zone, sent once per slot with what is new
 * since the last one, never twice for one notification, nothing when nothing is new; and the
 * one-click unsubscribe link. The sweep runs here by hand (no workers) and the clock is moved
 * to reach the slots; the queued mail jobs are read from the queue.
 */

type DigestJob = { to: string; lang: 'en' | 'fi'; vars: NotificationDigestVars };

let t: TestApp;
let actor: TestUser;
const api = apiAs(() => t.app);

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  actor = await createUser(t.platform, { name: 'Rick Receiver' });
});
afterAll(() => t?.close());

const clock = () => t.platform.clock;

/** Moves the clock to just past `at` (never back: 0 would put it back to the system's time). */
async function moveTo(at: Date): Promise<void> {
  const ms = at.getTime() - clock().now().getTime() + 1_000;
  if (ms > 0) await clock().move(ms);
}

async function notify(
  user: TestUser,
  event: NotificationEvent,
  data: Record<string, unknown>,
  collection: NotificationCollection = 'deals',
): Promise<string> {
  const documentId = randomUUID();
  await t.database.db.transaction((tx) =>
    notifyUsers(t.platform, tx, {
      userIds: [user.id],
      actorId: event === 'upcoming-document-alert' ? null : actor.id,
      collection,
      documentId,
      event,
      data,
    }),
  );
  const [row] = await t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.documentId, documentId));
  if (!row) throw new Error('not notified');
  return row.id;
}

/** Spreads the user's notifications' times so "newest first" is certain: oldest first in `ids`. */
async function spaceOut(ids: string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await t.database.db
      .update(notifications)
      .set({ createdAt: sql`now() - make_interval(secs => ${ids.length - index})` })
      .where(eq(notifications.id, id));
  }
}

async function digestMails(user: TestUser): Promise<DigestJob[]> {
  const { rows } = (await t.database.db.execute(
    sql`SELECT data FROM pgboss.job WHERE name = 'mail.send'
      AND data->>'template' = 'notification-digest' AND data->>'to' = ${user.email}
      ORDER BY created_on`,
  )) as unknown as { rows: { data: DigestJob }[] };
  return rows.map((row) => row.data);
}

async function dueAt(user: TestUser): Promise<Date | null> {
  const [row] = await t.database.db
    .select({ dueAt: users.digestDueAt })
    .from(users)
    .where(eq(users.id, user.id));
  return row?.dueAt ?? null;
}

/** Plans the user (a sweep), then moves the clock past their slot; the slot. */
async function reachSlot(user: TestUser): Promise<Date> {
  await sweepDigests(t.platform);
  const due = await dueAt(user);
  if (!due) throw new Error('no digest planned');
  await moveTo(due);
  return due;
}

const rendered = (job: DigestJob) => renderMail('notification-digest', job.lang, job.vars);

describe('planning', () => {
  it('plans each user’s next slot in their zone; off plans none', async () => {
    const daily = await createUser(t.platform);
    const weeklyLondon = await createUser(t.platform, {
      emailNotifications: 'weekly',
      timezone: 'Europe/London',
    });
    const off = await createUser(t.platform, { emailNotifications: 'off' });
    expect(await dueAt(daily)).toBeNull();
    const now = clock().now();
    await sweepDigests(t.platform);
    expect(await dueAt(daily)).toEqual(nextDigestAt('daily', 'Europe/Helsinki', now));
    expect(await dueAt(weeklyLondon)).toEqual(nextDigestAt('weekly', 'Europe/London', now));
    expect(await dueAt(off)).toBeNull();
  });

  it('a new frequency or zone through the account settings re-plans at once', async () => {
    const user = await createUser(t.platform);
    await sweepDigests(t.platform);
    const patch = async (changes: Record<string, unknown>) => {
      const response = await api('PATCH', '/me', user, changes);
      expect(response.statusCode).toBe(200);
      return dueAt(user);
    };
    expect(await patch({ emailNotifications: 'weekly' })).toEqual(
      nextDigestAt('weekly', 'Europe/Helsinki', clock().now()),
    );
    const weekly = await dueAt(user);
    expect(await patch({ timezone: 'Europe/London' })).toEqual(
      nextDigestAt('weekly', 'Europe/London', clock().now()),
    );
    expect(await dueAt(user)).not.toEqual(weekly);
    // Another setting leaves the plan alone.
    const planned = await dueAt(user);
    expect(await patch({ firstname: 'Maija' })).toEqual(planned);
    expect(await patch({ emailNotifications: 'off' })).toBeNull();
    // Off is not planned by the sweep either; on again is.
    await sweepDigests(t.platform);
    expect(await dueAt(user)).toBeNull();
    expect(await patch({ emailNotifications: 'daily2x' })).toEqual(
      nextDigestAt('daily2x', 'Europe/London', clock().now()),
    );
  });
});

describe('sending', () => {
  it('mails what is new, newest first, in English, with the app and unsubscribe links', async () => {
    const user = await createUser(t.platform, { name: 'Sara Sender' });
    const edit = await notify(user, 'section-edit', {
      dealTitle: 'Supply terms',
      sectionTitle: 'Payment',
    });
    const seen = await notify(user, 'section-agree', { dealTitle: 'Seen already' });
    await t.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, seen));
    const alert = await notify(
      user,
      'upcoming-document-alert',
      { title: 'Lease.pdf', subject: 'Renew the lease' },
      'archives',
    );
    const signed = await notify(user, 'document-sign', { dealTitle: 'Office lease' });
    await spaceOut([edit, seen, alert, signed]);
    await reachSlot(user);
    await sweepDigests(t.platform);

    const [mail, ...others] = await digestMails(user);
    expect(others).toEqual([]);
    if (!mail) throw new Error('no digest');
    expect(mail).toMatchObject({ to: user.email, lang: 'en' });
    expect(mail.vars).toMatchObject({ name: 'Sara Sender', count: 3, more: 0, frequency: 'daily' });
    const message = rendered(mail);
    expect(message.subject).toBe('Pactum: 3 new notifications');
    const lines = message.text.split('\n\n').filter((line) => line.startsWith('•'));
    expect(lines).toEqual([
      '• Rick Receiver signed the document – Office lease',
      '• Document alert: Renew the lease – Lease\u200C.\u200Cpdf',
      '• Rick Receiver made a new version of “Payment” – Supply terms',
    ]);
    expect(message.text).not.toContain('Seen already');
    expect(message.text).toContain('Open Pactum: http://localhost:3000/dashboard/home');
    expect(mail.vars.unsubscribeUrl).toMatch(
      /^http:\/\/localhost:3000\/unsubscribe\?token=[0-9a-f-]{36}\.[\w-]+$/,
    );
    expect(message.text).toContain(mail.vars.unsubscribeUrl);
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${mail.vars.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.vars.oneClickUrl).toMatch(
      /^http:\/\/localhost:3000\/api\/v1\/notifications\/unsubscribe\?token=/,
    );
    // Mailed ones are marked; the seen one is not in any digest.
    const digested = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), isNotNull(notifications.digestedAt)));
    expect(digested.map((row) => row.id).sort()).toEqual([edit, alert, signed].sort());
    // The next slot is planned, in the future.
    expect((await dueAt(user))?.getTime()).toBeGreaterThan(clock().now().getTime());
  });

  it('mails in Finnish to a Finnish user', async () => {
    const user = await createUser(t.platform, { lang: 'fi', name: 'Maija Meikäläinen' });
    await notify(user, 'section-edit', { dealTitle: 'Toimitussopimus', sectionTitle: 'Maksu' });
    await reachSlot(user);
    await sweepDigests(t.platform);
    const [mail] = await digestMails(user);
    if (!mail) throw new Error('no digest');
    const message = rendered(mail);
    expect(message.subject).toBe('Pactum: 1 uusi ilmoitus');
    expect(message.text).toContain('Hei Maija Meikäläinen,');
    expect(message.text).toContain(
      '• Rick Receiver teki uuden version kohdasta ”Maksu” – Toimitussopimus',
    );
    expect(message.text).toContain('Saat tämän koosteen kerran päivässä');
    expect(message.text).toContain('Avaa Pactum: http://localhost:3000/dashboard/home');
  });

  it('sends each digest once when two sweeps run at once, and each notification in one digest', async () => {
    const user = await createUser(t.platform);
    await notify(user, 'section-agree', { dealTitle: 'First', sectionTitle: 'Scope' });
    await reachSlot(user);
    await Promise.all([sweepDigests(t.platform), sweepDigests(t.platform)]);
    expect(await digestMails(user)).toHaveLength(1);

    // The next slot: only what came since.
    await notify(user, 'section-agree', { dealTitle: 'Second', sectionTitle: 'Scope' });
    const next = await dueAt(user);
    if (!next) throw new Error('no next digest');
    await moveTo(next);
    await Promise.all([sweepDigests(t.platform), sweepDigests(t.platform)]);
    const mails = await digestMails(user);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.vars.lines.map((line) => line.title)).toEqual(['Second']);
  });

  it('sends nothing when nothing is new, and plans the next slot', async () => {
    const user = await createUser(t.platform);
    const seen = await notify(user, 'section-edit', { dealTitle: 'Seen', sectionTitle: 'X' });
    await t.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, seen));
    const slot = await reachSlot(user);
    await sweepDigests(t.platform);
    expect(await digestMails(user)).toEqual([]);
    const next = await dueAt(user);
    expect(next?.getTime()).toBeGreaterThan(slot.getTime());
    expect(next?.getTime()).toBeGreaterThan(clock().now().getTime());
  });

  it('after days of missed slots sends one digest and plans the next future slot', async () => {
    const user = await createUser(t.platform, { emailNotifications: 'daily2x' });
    await notify(user, 'document-sign', { dealTitle: 'Lease' });
    await sweepDigests(t.platform);
    // As if the process had been down for three days.
    await t.database.db
      .update(users)
      .set({ digestDueAt: new Date(clock().now().getTime() - 3 * 24 * 3_600_000) })
      .where(eq(users.id, user.id));
    await sweepDigests(t.platform);
    await sweepDigests(t.platform);
    expect(await digestMails(user)).toHaveLength(1);
    expect(await dueAt(user)).toEqual(nextDigestAt('daily2x', 'Europe/Helsinki', clock().now()));
  });

  it('lists at most 50 lines and counts the rest', async () => {
    const user = await createUser(t.platform);
    const ids: string[] = [];
    for (let index = 1; index <= DIGEST_MAX_LINES + 3; index++) {
      ids.push(await notify(user, 'section-create', { dealTitle: `Deal ${index}` }));
    }
    await spaceOut(ids);
    await reachSlot(user);
    await sweepDigests(t.platform);
    const [mail] = await digestMails(user);
    if (!mail) throw new Error('no digest');
    expect(mail.vars.lines).toHaveLength(DIGEST_MAX_LINES);
    expect(mail.vars.lines[0]?.title).toBe(`Deal ${DIGEST_MAX_LINES + 3}`);
    expect(mail.vars.more).toBe(3);
    const message = rendered(mail);
    expect(message.subject).toBe(`Pactum: ${DIGEST_MAX_LINES + 3} new notifications`);
    expect(message.text).toContain('…and 3 more.');
  });

  it('does not mail an address nobody verified', async () => {
    const user = await createUser(t.platform, { emailVerified: false });
    await notify(user, 'document-sign', { dealTitle: 'Lease' });
    await reachSlot(user);
    await sweepDigests(t.platform);
    expect(await digestMails(user)).toEqual([]);
  });
});

describe('unsubscribing', () => {
  /** A digest's one-click address for a user with something new. */
  async function oneClickUrl(user: TestUser): Promise<string> {
    await notify(user, 'document-sign', { dealTitle: 'Lease' });
    await reachSlot(user);
    await sweepDigests(t.platform);
    const [mail] = await digestMails(user);
    if (!mail) throw new Error('no digest');
    return mail.vars.oneClickUrl;
  }

  const settingsOf = async (user: TestUser) => {
    const [row] = await t.database.db
      .select({ frequency: users.emailNotifications, dueAt: users.digestDueAt })
      .from(users)
      .where(eq(users.id, user.id));
    return row;
  };

  it('a mail provider’s one-click POST turns the digests off, without a session or Origin', async () => {
    const user = await createUser(t.platform);
    const url = new URL(await oneClickUrl(user));
    const response = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await settingsOf(user)).toEqual({ frequency: 'off', dueAt: null });
    // Nothing is planned for them again.
    await sweepDigests(t.platform);
    expect(await dueAt(user)).toBeNull();
  });

  it('the page’s POST works with JSON or no body, and again', async () => {
    const user = await createUser(t.platform);
    const url = new URL(await oneClickUrl(user));
    const path = `${url.pathname}${url.search}`;
    const withJson = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(withJson.json()).toEqual({ ok: true });
    const empty = await t.app.inject({ method: 'POST', url: path });
    expect(empty.statusCode).toBe(200);
    expect(await settingsOf(user)).toEqual({ frequency: 'off', dueAt: null });
  });

  it('refuses a tampered token and one signed for another user', async () => {
    const [user, other] = [await createUser(t.platform), await createUser(t.platform)];
    const token = new URL(await oneClickUrl(user)).searchParams.get('token') ?? '';
    const [userId, signature = ''] = token.split('.');
    const post = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(value)}`,
      });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const swap = (text: string, at: number, bit: number) =>
      `${text.slice(0, at)}${alphabet[alphabet.indexOf(text.charAt(at)) ^ bit]}${text.slice(at + 1)}`;
    const refused = [
      `${userId}.${swap(signature, 0, 1)}`,
      // The last character's spare bit: the same bytes once decoded, but not the link we sent.
      `${userId}.${swap(signature, signature.length - 1, 1)}`,
      // The user's signature on someone else's id.
      `${other.id}.${signature}`,
      `${userId}.`,
      userId ?? '',
      `not-a-user.${signature}`,
      // Signed with another secret.
      `${other.id}.${createHmac('sha256', 'guess').update(`digest-unsubscribe:${other.id}`).digest('base64url')}`,
    ];
    for (const value of refused) {
      const response = await post(value);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('unsubscribe_link_invalid');
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/notifications/unsubscribe' })).statusCode,
    ).toBe(400);
    expect((await settingsOf(user))?.frequency).toBe('daily');
    expect((await settingsOf(other))?.frequency).toBe('daily');
    // The real token still works.
    expect((await post(token)).statusCode).toBe(200);
  });
});
