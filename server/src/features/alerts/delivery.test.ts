import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, alertDueAt, dateIn, zoneOrDefault } from '@pactum/core/schedule';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import {
  archiveItems,
  devOutbox,
  documentAlerts,
  notifications,
  users,
  workspaceMembers,
} from '../../db/schema';
import { renderMail } from '../../platform/mail/templates';
import type { Platform } from '../../platform/platform';
import { createPlatform, startPlatform, stopPlatform } from '../../platform/platform';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { createWorkspace } from '../../test/drafts-factories';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { archiveClient } from '../archive/test-kit';
import { deliverDueAlerts } from './delivery';

/*
 * Delivering alerts (spec 1 §4 upcoming-document-alert): at 08:00 on the date, by the
 * schedulers' clock, each address is mailed once; accounts that may open the file are told its
 * name and notified, accounts that lost access get nothing, addresses without an account get a
 * mail without the file's name. Sweeps running side by side, and a process started after 08:00,
 * deliver each alert exactly once.
 */

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let finn: TestUser;
/** Has an account but no way into the workspace's folders. */
let stranger: TestUser;
let workspaceId: string;
let folderId: string;
const client = archiveClient(() => t);
const { api } = client;

const zone = zoneOrDefault(null);
const tomorrow = (platform: Platform) => addDays(dateIn(platform.clock.now(), zone), 1);

/** Moves the platform's clock a minute past the alert date's 08:00 (in the default zone). */
async function moveClockPast(platform: Platform, date: string) {
  const dueAt = alertDueAt(date, zone).getTime();
  await platform.clock.move(Math.max(0, dueAt - platform.clock.now().getTime()) + 60_000);
}

async function addFile(name: string, folder = folderId): Promise<string> {
  const response = await client.addFile(owner, folder, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function setAlert(itemId: string, emails: string[], subject = 'Renew the contract') {
  const response = await api('POST', `/archive/items/${itemId}/alerts`, owner, {
    date: tomorrow(t.platform),
    subject,
    message: 'Ask for the new price list first',
    emails,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; date: string };
}

async function alertRow(db: DbOrTx, alertId: string) {
  const [row] = await db.select().from(documentAlerts).where(eq(documentAlerts.id, alertId));
  if (!row) throw new Error('no alert');
  return row;
}

async function alertCountOf(db: DbOrTx, itemId: string) {
  const [row] = await db
    .select({ alertCount: archiveItems.alertCount })
    .from(archiveItems)
    .where(eq(archiveItems.id, itemId));
  return row?.alertCount;
}

/** The 'document-alert' mails ever queued to the address (whatever became of them). */
async function alertMailJobs(db: DbOrTx, to: string): Promise<number> {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = 'mail.send' AND data->>'to' = ${to} AND data->>'template' = 'document-alert'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/**
 * The delivered alert mails to the address, once `count` of them are there. Only reminders: a
 * moved clock also runs the digest sweep, whose mail may reach a notified user first.
 */
async function mailsTo(db: DbOrTx, to: string, count = 1) {
  return eventually(async () => {
    const rows = (await db.select().from(devOutbox).where(eq(devOutbox.to, to))).filter((row) =>
      /^(Reminder|Muistutus): /.test(row.subject),
    );
    return rows.length >= count ? rows : undefined;
  });
}

async function alertNotifications(db: DbOrTx, itemId: string) {
  return db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.documentId, itemId), eq(notifications.event, 'upcoming-document-alert')),
    );
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, member, stranger] = await createUsers(t.platform, 3);
  finn = await createUser(t.platform, { lang: 'fi' });
  await t.database.db.update(users).set({ name: 'Aino Owner' }).where(eq(users.id, owner.id));
  workspaceId = (
    await createWorkspace(t.database.db, { memberIds: [owner.id, member.id, finn.id] })
  ).id;
  folderId = (await client.createFolder(owner, { name: 'projects', workspaceId })).json().id;
});
afterAll(() => t?.close());

describe('an alert’s day', () => {
  it('mails each address once at 08:00 and notifies the users who may open the file', async () => {
    const { db } = t.database;
    const fileId = await addFile('Secret plan.pdf');
    const guest = 'guest@outside.test';
    const alert = await setAlert(fileId, [member.email, finn.email, guest, stranger.email]);
    expect(await alertCountOf(db, fileId)).toBe(1);

    // Not yet: the day before, nothing is due.
    await deliverDueAlerts(t.platform);
    expect((await alertRow(db, alert.id)).alertedAt).toBeNull();
    expect(await alertMailJobs(db, member.email)).toBe(0);

    await moveClockPast(t.platform, alert.date);
    await deliverDueAlerts(t.platform);
    const delivered = await alertRow(db, alert.id);
    expect(delivered.alertedAt).not.toBeNull();
    expect([...delivered.alertUserIds].sort()).toEqual([member.id, finn.id].sort());
    expect(await alertCountOf(db, fileId)).toBe(0);
    expect((await api('GET', `/archive/items/${fileId}/alerts`, owner)).json()).toEqual({
      items: [],
      alertCount: 0,
    });

    const link = `http://localhost:3000/dashboard/account/archive/inbox/${fileId}`;
    const [toMember] = await mailsTo(db, member.email);
    expect(toMember?.subject).toBe('Reminder: Renew the contract');
    expect(toMember?.text).toContain('Secret plan');
    expect(toMember?.text).toContain('Aino Owner');
    expect(toMember?.text).toContain('Ask for the new price list first');
    expect(toMember?.text).toContain(link);
    const [toFinn] = await mailsTo(db, finn.email);
    expect(toFinn?.subject).toBe('Muistutus: Renew the contract');
    expect(toFinn?.text).toContain('Secret plan');
    // Someone without an account is reminded without being told which file it is about.
    const [toGuest] = await mailsTo(db, guest);
    expect(toGuest?.subject).toBe('Reminder: Renew the contract');
    expect(toGuest?.text).toContain('Ask for the new price list first');
    expect(toGuest?.text).toContain(link);
    expect(toGuest?.text).not.toContain('Secret plan');
    expect(toGuest?.html).not.toContain('Secret plan');
    // An account that may not open the file is not told anything.
    expect(await alertMailJobs(db, stranger.email)).toBe(0);

    const notified = await alertNotifications(db, fileId);
    expect(notified.map((row) => row.userId).sort()).toEqual([member.id, finn.id].sort());
    for (const row of notified) {
      expect(row).toMatchObject({
        collection: 'archives',
        documentId: fileId,
        data: { title: 'Secret plan.pdf', archiveId: fileId, subject: 'Renew the contract' },
      });
    }

    // Another sweep finds nothing to do.
    expect(await deliverDueAlerts(t.platform)).toBe(0);
    for (const address of [member.email, finn.email, guest]) {
      expect(await alertMailJobs(db, address), address).toBe(1);
    }
    expect(await alertNotifications(db, fileId)).toHaveLength(2);
  });

  it('tells nothing to a user taken out of the workspace before the date', async () => {
    const { db } = t.database;
    const leaver = await createUser(t.platform);
    await db.insert(workspaceMembers).values({ workspaceId, userId: leaver.id, role: 'view' });
    const fileId = await addFile('Lease.pdf');
    const alert = await setAlert(fileId, [leaver.email, member.email]);
    expect((await alertRow(db, alert.id)).alertUserIds.sort()).toEqual(
      [leaver.id, member.id].sort(),
    );
    await db
      .delete(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, leaver.id)),
      );

    await moveClockPast(t.platform, alert.date);
    await deliverDueAlerts(t.platform);
    expect((await alertRow(db, alert.id)).alertUserIds).toEqual([member.id]);
    expect(await alertMailJobs(db, leaver.email)).toBe(0);
    expect((await alertNotifications(db, fileId)).map((row) => row.userId)).toEqual([member.id]);
    expect(await alertCountOf(db, fileId)).toBe(0);
  });

  it.each([
    ['a deleted file', 'file'],
    ['a file in a deleted folder', 'folder'],
  ] as const)('delivers nothing for %s', async (_what, deleted) => {
    const { db } = t.database;
    const folder = await client.createFolder(owner, { name: `doomed-${deleted}`, workspaceId });
    const fileId = await addFile('Old deal.pdf', folder.json().id);
    const guest = `guest-${deleted}@outside.test`;
    const alert = await setAlert(fileId, [member.email, guest]);
    const gone = deleted === 'file' ? fileId : folder.json().id;
    expect((await api('DELETE', `/archive/items/${gone}`, owner)).statusCode).toBe(200);

    await moveClockPast(t.platform, alert.date);
    await deliverDueAlerts(t.platform);
    const row = await alertRow(db, alert.id);
    expect(row.alertedAt).not.toBeNull();
    expect(row.alertUserIds).toEqual([]);
    expect(await alertMailJobs(db, guest)).toBe(0);
    expect(await alertNotifications(db, fileId)).toEqual([]);
    expect(await alertCountOf(db, fileId)).toBe(0);
  });

  it('delivers each alert once when sweeps of two processes run at once', async () => {
    const { db } = t.database;
    const other = await createTestApp({ database: t.database, isWorker: false });
    try {
      const fileId = await addFile('Framework.pdf');
      const guests = ['one', 'two', 'three'].map((n) => `race-${n}@outside.test`);
      const alerts = [];
      for (const guest of guests) alerts.push(await setAlert(fileId, [guest, member.email]));
      expect(await alertCountOf(db, fileId)).toBe(3);
      const date = alerts[0]?.date ?? '';
      await moveClockPast(t.platform, date);
      await moveClockPast(other.platform, date);

      const counts = await Promise.all([
        deliverDueAlerts(t.platform),
        deliverDueAlerts(t.platform),
        deliverDueAlerts(other.platform),
        deliverDueAlerts(other.platform),
      ]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(3);
      for (const alert of alerts) expect((await alertRow(db, alert.id)).alertedAt).not.toBeNull();
      for (const guest of guests) {
        expect(await alertMailJobs(db, guest), guest).toBe(1);
        await mailsTo(db, guest);
      }
      const notified = await alertNotifications(db, fileId);
      expect(notified.map((row) => row.userId)).toEqual([member.id, member.id, member.id]);
      expect(await alertCountOf(db, fileId)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('renders what people chose inert', () => {
    const mail = renderMail('document-alert', 'en', {
      isUser: false,
      title: '',
      subject: 'Visit evil.example now',
      message: 'Log in at https://evil.example',
      sender: 'Mallory',
      senderEmail: 'mallory@evil.example',
      editor: '',
      editorEmail: '',
      url: 'http://localhost:3000/dashboard/account/archive/inbox/x',
    });
    expect(mail.subject).not.toContain('evil.example');
    expect(mail.text).not.toContain('https://evil.example');
    expect(mail.text).toContain('http://localhost:3000/dashboard/account/archive/inbox/x');
  });
});

describe('a process that was down at 08:00', () => {
  it('delivers the alert once with the sweep it runs at start', async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-alerts-'));
    try {
      // The first process: an alert for tomorrow is set, then the process stops.
      const first = await createTestApp({ database });
      const firstClient = archiveClient(() => first);
      const author = await createUser(first.platform);
      const colleague = await createUser(first.platform);
      const space = await createWorkspace(database.db, { memberIds: [author.id, colleague.id] });
      const folder = await firstClient.createFolder(author, { name: 'box', workspaceId: space.id });
      const fileId = (
        await firstClient.addFile(author, folder.json().id, { name: 'Nda.pdf' })
      ).json().id;
      const created = await firstClient.api('POST', `/archive/items/${fileId}/alerts`, author, {
        date: tomorrow(first.platform),
        subject: 'NDA ends',
        emails: [colleague.email],
      });
      expect(created.statusCode, created.body).toBe(201);
      const alert = created.json() as { id: string; date: string };
      expect(await deliverDueAlerts(first.platform)).toBe(0);
      await first.close();

      // The next process starts after 08:00 of that day (its clock moved before it starts).
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://localhost:3000',
      });
      const platform = await createPlatform(config, database, { pollingIntervalSeconds: 0.5 });
      await moveClockPast(platform, alert.date);
      const app = await buildApp({
        platform,
        logger: false,
        webDistDir: path.join(dataDir, 'no-web'),
      });
      await startPlatform(platform, { isWorker: true });
      try {
        await app.ready();
        const delivered = await eventually(async () => {
          const row = await alertRow(database.db, alert.id);
          return row.alertedAt ? row : undefined;
        });
        expect(delivered.alertUserIds).toEqual([colleague.id]);
        const [mail] = await mailsTo(database.db, colleague.email);
        expect(mail?.subject).toBe('Reminder: NDA ends');
        expect(await deliverDueAlerts(platform)).toBe(0);
        expect(await alertMailJobs(database.db, colleague.email)).toBe(1);
        expect(await alertCountOf(database.db, fileId)).toBe(0);
      } finally {
        await app.close();
        await stopPlatform(platform);
      }
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
