import { randomUUID } from 'node:crypto';
import { ALERT_MAX_EMAILS, ALERT_SUGGESTIONS_LIMIT, alertMessages } from '@pactum/core/alerts';
import { addDays, alertDueAt, dateIn, zoneOrDefault } from '@pactum/core/schedule';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveItems, documentAlerts, users, workspaceMembers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspace } from '../../test/drafts-factories';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { addGroup, archiveClient } from '../archive/test-kit';
import { deliverAlert } from './delivery';

/*
 * Alerts on archived files (spec 1 §3, §5 'Alert', §7): who may read and set them (everyone who
 * may open the file, no one else; who may change or remove one is `alert-authorship.test.ts`),
 * the form's rules, the count kept on the file, and the suggestions, which name only people who
 * may open the file.
 */

let t: TestApp;
let owner: TestUser;
/** In the workspace and in the group the legal folder is limited to. */
let colleague: TestUser;
/** In the workspace, not in the group. */
let outsider: TestUser;
let otherWorkspaceUser: TestUser;
let stranger: TestUser;
let workspaceId: string;
/** legal (group only) > contract.pdf */
let legalFolderId: string;
let legalFileId: string;
/** shared (whole workspace) > memo.pdf */
let sharedFileId: string;
const client = archiveClient(() => t);
const { api } = client;

type Caller = TestUser | undefined;

/** A date `days` from today in the zone, by the schedulers' clock. */
const dateFromToday = (days: number, timeZone = zoneOrDefault(null)) =>
  addDays(dateIn(t.platform.clock.now(), timeZone), days);

const alertBody = (overrides: Record<string, unknown> = {}) => ({
  date: dateFromToday(3),
  subject: 'Renew the contract',
  message: 'Ask for the new price list first.',
  emails: [colleague.email],
  ...overrides,
});

const alertsUrl = (itemId: string) => `/archive/items/${itemId}/alerts`;

async function createAlert(user: Caller, itemId: string, body: object = alertBody()) {
  const response = await api('POST', alertsUrl(itemId), user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; dueAt: string; emails: string[] };
}

async function alertCountOf(itemId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ alertCount: archiveItems.alertCount })
    .from(archiveItems)
    .where(eq(archiveItems.id, itemId));
  return row?.alertCount ?? -1;
}

async function pendingAlertsOf(itemId: string) {
  return t.database.db.select().from(documentAlerts).where(eq(documentAlerts.itemId, itemId));
}

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect({ status: response.statusCode, code: response.json().error?.code }).toEqual({
    status,
    code,
  });
}

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [owner, colleague, outsider, otherWorkspaceUser, stranger] = await createUsers(t.platform, 5);
  const { db } = t.database;
  // Names that sort the same under any collation, for the suggestions' order.
  for (const [user, name] of [
    [owner, 'Aino Owner'],
    [colleague, 'Bertta Colleague'],
    [outsider, 'Cecilia Outsider'],
  ] as const) {
    await db.update(users).set({ name }).where(eq(users.id, user.id));
  }
  workspaceId = (await createWorkspace(db, { memberIds: [owner.id, colleague.id, outsider.id] }))
    .id;
  await createWorkspace(db, { memberIds: [otherWorkspaceUser.id] });
  const groupId = await addGroup(db, { workspaceId, name: 'Legal', members: [owner, colleague] });
  const legal = await client.createFolder(owner, {
    name: 'legal',
    workspaceId,
    groupIds: [groupId],
  });
  legalFolderId = legal.json().id;
  legalFileId = (await client.addFile(owner, legalFolderId, { name: 'contract.pdf' })).json().id;
  const shared = await client.createFolder(owner, { name: 'shared', workspaceId });
  sharedFileId = (await client.addFile(owner, shared.json().id, { name: 'memo.pdf' })).json().id;
});
afterAll(() => t?.close());

describe('who may use a file’s alerts', () => {
  it('refuses every route signed out', async () => {
    const alertId = randomUUID();
    for (const [method, url] of [
      ['GET', alertsUrl(legalFileId)],
      ['POST', alertsUrl(legalFileId)],
      ['PATCH', `${alertsUrl(legalFileId)}/${alertId}`],
      ['DELETE', `${alertsUrl(legalFileId)}/${alertId}`],
      ['GET', `/archive/items/${legalFileId}/alert-suggestions`],
    ] as const) {
      const response = await api(
        method,
        url,
        undefined,
        method === 'GET' ? undefined : alertBody(),
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each([
    ['the owner', () => owner],
    ['a colleague in the folder’s group', () => colleague],
  ])('lets %s read, set, change and remove them', async (_who, who) => {
    const user = who();
    const before = await alertCountOf(legalFileId);
    const created = await createAlert(user, legalFileId, alertBody({ subject: `By ${user.id}` }));
    expect(await alertCountOf(legalFileId)).toBe(before + 1);

    const list = (await api('GET', alertsUrl(legalFileId), user)).json();
    expect(list.alertCount).toBe(before + 1);
    expect(list.items).toContainEqual(
      expect.objectContaining({
        id: created.id,
        itemId: legalFileId,
        subject: `By ${user.id}`,
        emails: [colleague.email],
        alertedAt: null,
        createdBy: user.id,
        createdByName: user.id === owner.id ? 'Aino Owner' : 'Bertta Colleague',
      }),
    );

    const changed = await api('PATCH', `${alertsUrl(legalFileId)}/${created.id}`, user, {
      ...alertBody({ subject: 'Changed', date: dateFromToday(5) }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ subject: 'Changed', date: dateFromToday(5) });
    expect(await alertCountOf(legalFileId)).toBe(before + 1);

    const suggestions = await api('GET', `/archive/items/${legalFileId}/alert-suggestions`, user);
    expect(suggestions.statusCode).toBe(200);

    const removed = await api('DELETE', `${alertsUrl(legalFileId)}/${created.id}`, user);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().alertCount).toBe(before);
    expect(removed.json().items.map((item: { id: string }) => item.id)).not.toContain(created.id);
    expect(await alertCountOf(legalFileId)).toBe(before);
  });

  it('lets a member of the workspace use the alerts of a file open to the whole workspace', async () => {
    const created = await createAlert(outsider, sharedFileId, alertBody({ emails: [owner.email] }));
    const list = (await api('GET', alertsUrl(sharedFileId), outsider)).json();
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([created.id]);
    // The owner administers the workspace: they change and remove what the member set.
    expect(
      (await api('PATCH', `${alertsUrl(sharedFileId)}/${created.id}`, owner, alertBody()))
        .statusCode,
    ).toBe(200);
    expect(
      (await api('DELETE', `${alertsUrl(sharedFileId)}/${created.id}`, owner)).statusCode,
    ).toBe(200);
    expect(await alertCountOf(sharedFileId)).toBe(0);
  });

  it.each([
    ['a member outside the folder’s group', () => outsider],
    ['a member of another workspace', () => otherWorkspaceUser],
    ['a user of no workspace', () => stranger],
  ])('answers 404 to %s on every route and changes nothing', async (_who, who) => {
    const user = who();
    const existing = await createAlert(owner, legalFileId);
    const before = await pendingAlertsOf(legalFileId);
    const countBefore = await alertCountOf(legalFileId);
    const responses = [
      await api('GET', alertsUrl(legalFileId), user),
      await api('POST', alertsUrl(legalFileId), user, alertBody()),
      await api('PATCH', `${alertsUrl(legalFileId)}/${existing.id}`, user, alertBody()),
      await api('DELETE', `${alertsUrl(legalFileId)}/${existing.id}`, user),
      await api('GET', `/archive/items/${legalFileId}/alert-suggestions`, user),
    ];
    for (const response of responses) expectError(response, 404, 'archive_item_not_found');
    expect(await pendingAlertsOf(legalFileId)).toEqual(before);
    expect(await alertCountOf(legalFileId)).toBe(countBefore);
  });

  it('confines a workspace token to its workspace', async () => {
    const { db } = t.database;
    const otherWorkspace = await createWorkspace(db, { memberIds: [owner.id] });
    const tokenOf = async (id: string) => {
      const response = await api('POST', `/workspaces/${id}/api-tokens`, owner, {
        name: 'Alerts',
        scope: 'write',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().token as string;
    };
    const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    const foreign = await tokenOf(otherWorkspace.id);
    expectError(await call(foreign, 'GET', alertsUrl(sharedFileId)), 404, 'archive_item_not_found');
    expectError(
      await call(foreign, 'POST', alertsUrl(sharedFileId), alertBody()),
      404,
      'archive_item_not_found',
    );
    const own = await tokenOf(workspaceId);
    expect((await call(own, 'GET', alertsUrl(sharedFileId))).statusCode).toBe(200);
  });
});

describe('an alert’s rules', () => {
  it('refuses a date before tomorrow in the creator’s zone, naming the field', async () => {
    for (const date of [dateFromToday(0), dateFromToday(-1)]) {
      const response = await api('POST', alertsUrl(legalFileId), owner, alertBody({ date }));
      expectError(response, 400, 'alert_date_too_early');
      expect(response.json().error.fields).toEqual({ date: alertMessages.en.dateTooEarly });
    }
    await createAlert(owner, legalFileId, alertBody({ date: dateFromToday(1) }));
  });

  it('keeps the alert at 08:00 on its date in its creator’s zone', async () => {
    const { db } = t.database;
    await db.update(users).set({ timezone: 'Europe/London' }).where(eq(users.id, colleague.id));
    const date = dateFromToday(4, 'Europe/London');
    const created = await createAlert(colleague, legalFileId, alertBody({ date }));
    expect(created.dueAt).toBe(alertDueAt(date, 'Europe/London').toISOString());
    // Changed by someone in Helsinki, it stays in the creator's zone.
    const later = dateFromToday(6, 'Europe/London');
    const changed = await api(
      'PATCH',
      `${alertsUrl(legalFileId)}/${created.id}`,
      owner,
      alertBody({ date: later }),
    );
    expect(changed.json().dueAt).toBe(alertDueAt(later, 'Europe/London').toISOString());
    await db.update(users).set({ timezone: null }).where(eq(users.id, colleague.id));
  });

  it('refuses a change to a date before tomorrow, and lets other changes keep the date', async () => {
    const created = await createAlert(owner, legalFileId, alertBody({ date: dateFromToday(2) }));
    const url = `${alertsUrl(legalFileId)}/${created.id}`;
    expectError(
      await api('PATCH', url, owner, alertBody({ date: dateFromToday(0) })),
      400,
      'alert_date_too_early',
    );
    const kept = await api(
      'PATCH',
      url,
      owner,
      alertBody({ date: dateFromToday(2), subject: 'S' }),
    );
    expect(kept.statusCode).toBe(200);
  });

  it.each([
    [
      '51 addresses',
      { emails: Array.from({ length: ALERT_MAX_EMAILS + 1 }, (_, i) => `p${i}@x.test`) },
      'emails',
      alertMessages.en.emailsTooMany,
    ],
    ['no address', { emails: [] }, 'emails', alertMessages.en.emailsRequired],
    [
      'a malformed address',
      { emails: ['ok@example.test', 'not-an-address'] },
      'emails',
      'Invalid email address: not-an-address',
    ],
    ['a blank subject', { subject: '   ' }, 'subject', 'This field is required'],
    ['a date that is no date', { date: '2031-02-30' }, 'date', alertMessages.en.dateInvalid],
  ])('refuses %s with the field’s message', async (_what, overrides, field, message) => {
    const before = await alertCountOf(legalFileId);
    const response = await api('POST', alertsUrl(legalFileId), owner, alertBody(overrides));
    expectError(response, 400, 'validation_failed');
    expect(response.json().error.fields[field]).toBe(message);
    expect(await alertCountOf(legalFileId)).toBe(before);
  });

  it('sets alerts on files only', async () => {
    expectError(
      await api('POST', alertsUrl(legalFolderId), owner, alertBody()),
      409,
      'alert_needs_file',
    );
  });

  it('keeps the addresses lower-cased, each once, and alerts only accounts that may open the file', async () => {
    const created = await createAlert(
      owner,
      legalFileId,
      alertBody({
        emails: [
          colleague.email.toUpperCase(),
          colleague.email,
          outsider.email,
          'guest@example.test',
        ],
      }),
    );
    expect(created.emails).toEqual([colleague.email, outsider.email, 'guest@example.test']);
    const [row] = await t.database.db
      .select()
      .from(documentAlerts)
      .where(eq(documentAlerts.id, created.id));
    expect(row?.alertUserIds).toEqual([colleague.id]);
  });

  it('answers 404 for an alert of another file or a delivered one', async () => {
    const created = await createAlert(owner, legalFileId);
    const elsewhere = `${alertsUrl(sharedFileId)}/${created.id}`;
    expectError(await api('PATCH', elsewhere, owner, alertBody()), 404, 'alert_not_found');
    expectError(await api('DELETE', elsewhere, owner), 404, 'alert_not_found');
    // Delivered as the sweep does.
    expect(await deliverAlert(t.platform, { id: created.id, itemId: legalFileId })).toBe(true);
    const url = `${alertsUrl(legalFileId)}/${created.id}`;
    expectError(await api('PATCH', url, owner, alertBody()), 404, 'alert_not_found');
    expectError(await api('DELETE', url, owner), 404, 'alert_not_found');
    const list = (await api('GET', alertsUrl(legalFileId), owner)).json();
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(created.id);
  });

  it('keeps the file’s alert count equal to its pending alerts, listed soonest first', async () => {
    const pending = (await pendingAlertsOf(legalFileId)).filter((row) => !row.alertedAt);
    const list = (await api('GET', alertsUrl(legalFileId), owner)).json();
    expect(list.alertCount).toBe(pending.length);
    expect(await alertCountOf(legalFileId)).toBe(pending.length);
    expect(list.items).toHaveLength(pending.length);
    const dueTimes = list.items.map((item: { dueAt: string }) => item.dueAt);
    expect(dueTimes).toEqual([...dueTimes].sort());
  });
});

describe('mail to others', () => {
  it('needs the author’s own address verified, except for an alert to themselves', async () => {
    const unverified = await createUser(t.platform, { emailVerified: false });
    await t.database.db
      .insert(workspaceMembers)
      .values({ workspaceId, userId: unverified.id, role: 'view' });
    expectError(
      await api('POST', alertsUrl(sharedFileId), unverified, alertBody({ emails: [owner.email] })),
      403,
      'alert_needs_verified_email',
    );
    const own = await createAlert(
      unverified,
      sharedFileId,
      alertBody({ emails: [unverified.email] }),
    );
    expectError(
      await api(
        'PATCH',
        `${alertsUrl(sharedFileId)}/${own.id}`,
        unverified,
        alertBody({ emails: [unverified.email, owner.email] }),
      ),
      403,
      'alert_needs_verified_email',
    );
  });

  it('spends the author’s share-mail budget on each address added, and refuses over it', async () => {
    const { db } = t.database;
    const author = await createUser(t.platform);
    const ownWorkspace = await createWorkspace(db, { memberIds: [author.id] });
    const folder = await client.createFolder(author, {
      name: 'budget',
      workspaceId: ownWorkspace.id,
    });
    const fileId = (await client.addFile(author, folder.json().id)).json().id;
    const addresses = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `person${from + i}@budget.test`);
    // 100 an hour: two alerts of 50 spend it all.
    const first = await createAlert(author, fileId, alertBody({ emails: addresses(0, 50) }));
    await createAlert(author, fileId, alertBody({ emails: addresses(50, 50) }));
    const over = await api(
      'POST',
      alertsUrl(fileId),
      author,
      alertBody({ emails: addresses(100, 1) }),
    );
    expectError(over, 429, 'alert_mail_limit');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await alertCountOf(fileId)).toBe(2);
    // The author's own address costs nothing, nor do the addresses an alert had already.
    await createAlert(author, fileId, alertBody({ emails: [author.email] }));
    const url = `${alertsUrl(fileId)}/${first.id}`;
    const same = await api(
      'PATCH',
      url,
      author,
      alertBody({ emails: addresses(0, 50), subject: 'New' }),
    );
    expect(same.statusCode).toBe(200);
    expectError(
      await api(
        'PATCH',
        url,
        author,
        alertBody({ emails: [...addresses(0, 49), 'new@budget.test'] }),
      ),
      429,
      'alert_mail_limit',
    );
    expect((await pendingAlertsOf(fileId)).find((row) => row.id === first.id)?.emails).toEqual(
      addresses(0, 50),
    );
  });
});

describe('suggested addresses', () => {
  const suggestionsOf = async (user: TestUser, itemId: string) => {
    const response = await api('GET', `/archive/items/${itemId}/alert-suggestions`, user);
    expect(response.statusCode).toBe(200);
    return response.json().items as Array<{ email: string; name: string }>;
  };

  it('names the people who may open the file, by name, and no one else', async () => {
    expect(await suggestionsOf(colleague, legalFileId)).toEqual([
      { email: owner.email, name: 'Aino Owner' },
      { email: colleague.email, name: 'Bertta Colleague' },
    ]);
    const shared = await suggestionsOf(outsider, sharedFileId);
    expect(shared.slice(0, 3)).toEqual([
      { email: owner.email, name: 'Aino Owner' },
      { email: colleague.email, name: 'Bertta Colleague' },
      { email: outsider.email, name: 'Cecilia Outsider' },
    ]);
    const everyone = shared.map((person) => person.email);
    expect(everyone).not.toContain(otherWorkspaceUser.email);
    expect(everyone).not.toContain(stranger.email);
  });

  it('offers at most 100', async () => {
    const { db } = t.database;
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: ALERT_SUGGESTIONS_LIMIT + 5 }, (_, i) => ({
          name: `Member ${String(i).padStart(3, '0')}`,
          email: `member${i}@many.test`,
        })),
      )
      .returning({ id: users.id });
    const many = await createWorkspace(db, { memberIds: [owner.id, ...people.map((p) => p.id)] });
    const folder = await client.createFolder(owner, { name: 'many', workspaceId: many.id });
    const fileId = (await client.addFile(owner, folder.json().id)).json().id;
    const suggestions = await suggestionsOf(owner, fileId);
    expect(suggestions).toHaveLength(ALERT_SUGGESTIONS_LIMIT);
    expect(suggestions[0]).toEqual({ email: owner.email, name: 'Aino Owner' });
    expect(suggestions[1]?.name).toBe('Member 000');
    expect(suggestions.at(-1)?.name).toBe('Member 098');
  });
});
