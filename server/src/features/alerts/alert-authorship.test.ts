import { addDays, dateIn, zoneOrDefault } from '@pactum/core/schedule';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox, documentAlertEvents, documentAlerts, users } from '../../db/schema';
import { inertText } from '../../platform/mail/templates';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createWorkspace } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { addGroup, archiveClient } from '../archive/test-kit';
import { deliverAlert } from './delivery';

/*
 * Whose alert it is (issue 35, finding 2): an alert is mailed in its writer's name, so only its
 * author and the administrators of the file's workspace may change or remove it. Colleagues who
 * open the file read it (403 on a change); people who cannot open the file do not see it (404).
 * An administrator's change is recorded and named in the mail, and a recipient without an
 * account is told the name and address of the one who wrote the text.
 */

let t: TestApp;
/** Administrator (billing access `edit`) of the workspace. */
let admin: TestUser;
/** A member (`view`) who writes the alerts. */
let alice: TestUser;
/** Another member (`view`) who opens the same file. */
let bob: TestUser;
/** A member of the file's workspace who opens nothing in the group-only folder. */
let outsider: TestUser;
/** The administrator of another workspace. */
let otherAdmin: TestUser;
/** In no workspace. */
let stranger: TestUser;
let workspaceId: string;
let fileId: string;
/** A file in a folder limited to a group that `admin` is not in. */
let groupFileId: string;
const client = archiveClient(() => t);
const { api } = client;

const guest = 'guest@outside.test';
const alertsUrl = (itemId: string) => `/archive/items/${itemId}/alerts`;
const alertUrl = (itemId: string, alertId: string) => `${alertsUrl(itemId)}/${alertId}`;
const dateFromToday = (days: number) =>
  addDays(dateIn(t.platform.clock.now(), zoneOrDefault(null)), days);

const alertBody = (overrides: Record<string, unknown> = {}) => ({
  date: dateFromToday(3),
  subject: 'Pay the invoice',
  message: 'Our bank account is FI12 3456 7890 1234 56.',
  emails: [bob.email, guest],
  ...overrides,
});

async function setAlert(user: TestUser, itemId = fileId, body: object = alertBody()) {
  const response = await api('POST', alertsUrl(itemId), user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function alertRow(alertId: string) {
  const [row] = await t.database.db
    .select()
    .from(documentAlerts)
    .where(eq(documentAlerts.id, alertId));
  return row;
}

async function eventsOf(alertId: string) {
  return t.database.db
    .select()
    .from(documentAlertEvents)
    .where(eq(documentAlertEvents.alertId, alertId));
}

/** The mail delivered to the address about the subject, once it is there. */
async function mailTo(to: string, subject: string) {
  return eventually(async () => {
    const rows = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, to));
    return rows.find((row) => row.subject === `Reminder: ${subject}`);
  });
}

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect({ status: response.statusCode, code: response.json().error?.code }).toEqual({
    status,
    code,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, alice, bob, outsider, otherAdmin, stranger] = await createUsers(t.platform, 6);
  const { db } = t.database;
  for (const [user, name] of [
    [admin, 'Aino Admin'],
    [alice, 'Alice Author'],
    [bob, 'Bob Colleague'],
  ] as const) {
    await db.update(users).set({ name }).where(eq(users.id, user.id));
  }
  // The first member is the workspace's administrator, the others its users.
  workspaceId = (
    await createWorkspace(db, { memberIds: [admin.id, alice.id, bob.id, outsider.id] })
  ).id;
  await createWorkspace(db, { memberIds: [otherAdmin.id] });
  const folder = await client.createFolder(admin, { name: 'invoices', workspaceId });
  fileId = (await client.addFile(admin, folder.json().id, { name: 'invoice.pdf' })).json().id;
  const groupId = await addGroup(db, { workspaceId, name: 'Legal', members: [alice, bob] });
  // Made by the administrator, who is not in its group and so cannot open what it holds.
  const legal = await client.createFolder(admin, {
    name: 'legal',
    workspaceId,
    groupIds: [groupId],
  });
  expect(legal.statusCode, legal.body).toBe(201);
  groupFileId = (await client.addFile(alice, legal.json().id, { name: 'nda.pdf' })).json().id;
});
afterAll(() => t?.close());

describe('a colleague', () => {
  it('may read another member’s alert but not change or remove it', async () => {
    const alert = await setAlert(alice);
    const before = await alertRow(alert.id);

    expectError(
      await api(
        'PATCH',
        alertUrl(fileId, alert.id),
        bob,
        alertBody({ message: 'New bank account: FI99 9999 9999 9999 99.', emails: [guest] }),
      ),
      403,
      'alert_not_editable',
    );
    expectError(await api('DELETE', alertUrl(fileId, alert.id), bob), 403, 'alert_not_editable');

    expect(await alertRow(alert.id)).toEqual(before);
    expect(await eventsOf(alert.id)).toEqual([]);
    // The list tells the web not to offer what would be refused.
    const list = (await api('GET', alertsUrl(fileId), bob)).json();
    expect(list.items).toContainEqual(
      expect.objectContaining({ id: alert.id, createdBy: alice.id, canEdit: false }),
    );
  });
});

describe('the author', () => {
  it('may change and remove their own alert, and nothing is recorded', async () => {
    const alert = await setAlert(alice);
    const list = (await api('GET', alertsUrl(fileId), alice)).json();
    expect(list.items).toContainEqual(expect.objectContaining({ id: alert.id, canEdit: true }));

    const changed = await api(
      'PATCH',
      alertUrl(fileId, alert.id),
      alice,
      alertBody({ subject: 'Pay by Friday' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ subject: 'Pay by Friday', canEdit: true });
    expect((await alertRow(alert.id))?.subject).toBe('Pay by Friday');

    const removed = await api('DELETE', alertUrl(fileId, alert.id), alice);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await alertRow(alert.id)).toBeUndefined();
    expect(await eventsOf(alert.id)).toEqual([]);
  });
});

describe('a workspace administrator', () => {
  it('may change another’s alert: recorded, and the mail names the administrator', async () => {
    const alert = await setAlert(alice, fileId, alertBody({ subject: 'Check the invoice' }));
    const seen = (await api('GET', alertsUrl(fileId), admin)).json();
    expect(seen.items).toContainEqual(expect.objectContaining({ id: alert.id, canEdit: true }));

    const changed = await api(
      'PATCH',
      alertUrl(fileId, alert.id),
      admin,
      alertBody({ subject: 'Check the invoice twice', message: 'Call the supplier first.' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      createdBy: alice.id,
      createdByName: 'Alice Author',
      modifiedBy: admin.id,
      modifiedByName: 'Aino Admin',
    });

    const [event, ...more] = await eventsOf(alert.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      action: 'changed',
      itemId: fileId,
      workspaceId,
      actorId: admin.id,
      authorId: alice.id,
      before: { subject: 'Check the invoice', message: alertBody().message },
      after: { subject: 'Check the invoice twice', message: 'Call the supplier first.' },
    });

    expect(await deliverAlert(t.platform, { id: alert.id, itemId: fileId })).toBe(true);
    const toBob = await mailTo(bob.email, 'Check the invoice twice');
    expect(toBob.text).toContain('set by Alice Author and last changed by Aino Admin');
    const toGuest = await mailTo(guest, 'Check the invoice twice');
    expect(toGuest.text).toContain(
      `Alice Author (${inertText(alice.email)}) set this reminder for you in Pactum, and Aino Admin (${inertText(admin.email)}) changed it.`,
    );
    expect(toGuest.text).toContain(
      `The subject and message below were written by Aino Admin (${inertText(admin.email)}).`,
    );
    expect(toGuest.text).toContain('Call the supplier first.');
  });

  it('may remove another’s alert, and it is recorded', async () => {
    const alert = await setAlert(alice, fileId, alertBody({ subject: 'Old reminder' }));
    const removed = await api('DELETE', alertUrl(fileId, alert.id), admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await alertRow(alert.id)).toBeUndefined();
    const events = await eventsOf(alert.id);
    expect(events).toEqual([
      expect.objectContaining({
        action: 'removed',
        actorId: admin.id,
        authorId: alice.id,
        before: expect.objectContaining({ subject: 'Old reminder' }),
        after: null,
      }),
    ]);
  });

  it('does not reach a file in a folder they cannot open', async () => {
    const alert = await setAlert(alice, groupFileId);
    const before = await alertRow(alert.id);
    expectError(
      await api('PATCH', alertUrl(groupFileId, alert.id), admin, alertBody()),
      404,
      'archive_item_not_found',
    );
    expectError(
      await api('DELETE', alertUrl(groupFileId, alert.id), admin),
      404,
      'archive_item_not_found',
    );
    expect(await alertRow(alert.id)).toEqual(before);
  });
});

describe('a recipient without an account', () => {
  it('is told the name and address of the one who wrote the alert', async () => {
    const alert = await setAlert(alice, fileId, alertBody({ subject: 'Renew the lease' }));
    expect(await deliverAlert(t.platform, { id: alert.id, itemId: fileId })).toBe(true);
    const toGuest = await mailTo(guest, 'Renew the lease');
    expect(toGuest.text).toContain(
      `Alice Author (${inertText(alice.email)}) set this reminder for you in Pactum.`,
    );
    expect(toGuest.text).toContain(
      `The subject and message below were written by Alice Author (${inertText(alice.email)}).`,
    );
    // A member is told who set it, and no one changed it since.
    const toBob = await mailTo(bob.email, 'Renew the lease');
    expect(toBob.text).toContain('set by Alice Author.');
  });
});

describe('someone who cannot open the file', () => {
  it.each([
    ['a member outside the folder’s group', () => outsider, () => groupFileId],
    ['the administrator of another workspace', () => otherAdmin, () => fileId],
    ['a user of no workspace', () => stranger, () => fileId],
  ])('%s gets 404 and changes nothing', async (_who, who, file) => {
    const alert = await setAlert(alice, file());
    const before = await alertRow(alert.id);
    for (const response of [
      await api('GET', alertsUrl(file()), who()),
      await api('PATCH', alertUrl(file(), alert.id), who(), alertBody()),
      await api('DELETE', alertUrl(file(), alert.id), who()),
    ]) {
      expectError(response, 404, 'archive_item_not_found');
    }
    expect(await alertRow(alert.id)).toEqual(before);
    expect(await eventsOf(alert.id)).toEqual([]);
  });
});
