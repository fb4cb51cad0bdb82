import type { AccessEntry, AccessList, DocumentTags, TemplateCard } from '@pactum/core/templates';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, documentAccess, drafts, templates, workspaceTags } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { waitForMail } from '../../test/outbox';
import { caller, makeGroup, makeTemplate, makeWorkspace } from './test-support';

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: TestUser;
let colleague: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
let admin: TestUser;
let workspaceId: string;
let otherWorkspaceId: string;
let groupId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL_DOMAINS: 'pactum.fi' } });
  call = caller(t);
  [owner, colleague, viewer, stranger, otherWorkspaceUser] = await createUsers(t.platform, 5);
  admin = await createUser(t.platform, { isAdmin: true, email: `root-${Date.now()}@pactum.fi` });
  workspaceId = await makeWorkspace(t, [owner.id, colleague.id], 'Acme');
  otherWorkspaceId = await makeWorkspace(t, [otherWorkspaceUser.id], 'Other company');
  groupId = await makeGroup(t, workspaceId, [colleague.id]);
});
afterAll(() => t?.close());

const accessUrl = (templateId: string) => `/templates/${templateId}/access`;
const entries = async (templateId: string, cookie = owner.cookie) => {
  const response = await call('GET', accessUrl(templateId), cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as AccessList;
};
const byEmail = (list: AccessList, email: string) =>
  list.entries.find((entry) => entry.email === email) as AccessEntry;

describe('sharing with people', () => {
  it('an editor shares by e-mail; the list shows names, roles and who may manage', async () => {
    const template = await makeTemplate(t, owner.cookie);
    const shared = await call('POST', accessUrl(template.id), owner.cookie, {
      emails: [viewer.email.toUpperCase()],
      role: 'view',
    });
    expect(shared.statusCode).toBe(201);
    const list = await entries(template.id);
    expect(list.canManage).toBe(true);
    expect(byEmail(list, owner.email)).toMatchObject({ userId: owner.id, role: 'edit' });
    expect(byEmail(list, viewer.email)).toMatchObject({
      userId: viewer.id,
      name: viewer.name,
      role: 'view',
      workspaceId: null,
      groupId: null,
    });
    // The viewer sees the list but may not change it.
    expect((await entries(template.id, viewer.cookie)).canManage).toBe(false);
    const refused = await call('POST', accessUrl(template.id), viewer.cookie, {
      emails: [stranger.email],
      role: 'edit',
    });
    expect(refused.statusCode).toBe(403);
    const entry = byEmail(list, owner.email);
    expect(
      (
        await call('PATCH', `${accessUrl(template.id)}/${entry.id}`, viewer.cookie, {
          role: 'view',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `${accessUrl(template.id)}/${entry.id}`, viewer.cookie)).statusCode,
    ).toBe(403);
  });

  it('strangers and users of other workspaces get 404 on the list and on changes', async () => {
    const template = await makeTemplate(t, owner.cookie);
    for (const user of [stranger, otherWorkspaceUser]) {
      expect((await call('GET', accessUrl(template.id), user.cookie)).statusCode).toBe(404);
      expect(
        (
          await call('POST', accessUrl(template.id), user.cookie, {
            emails: [user.email],
            role: 'edit',
          })
        ).statusCode,
      ).toBe(404);
    }
  });

  it('changes roles, and always keeps one member and one editor', async () => {
    const template = await makeTemplate(t, owner.cookie);
    const own = byEmail(await entries(template.id), owner.email);
    const lastDelete = await call('DELETE', `${accessUrl(template.id)}/${own.id}`, owner.cookie);
    expect(lastDelete.statusCode).toBe(409);
    expect(lastDelete.json().error.message).toBe('At least one member must remain.');
    const lastDemote = await call('PATCH', `${accessUrl(template.id)}/${own.id}`, owner.cookie, {
      role: 'view',
    });
    expect(lastDemote.statusCode).toBe(409);

    await call('POST', accessUrl(template.id), owner.cookie, {
      emails: [viewer.email],
      role: 'view',
    });
    const viewerEntry = byEmail(await entries(template.id), viewer.email);
    expect(
      (await call('PATCH', `/templates/${template.id}`, viewer.cookie, { abstract: 'x' }))
        .statusCode,
    ).toBe(403);
    const promoted = await call(
      'PATCH',
      `${accessUrl(template.id)}/${viewerEntry.id}`,
      owner.cookie,
      { role: 'edit' },
    );
    expect(byEmail(promoted.json(), viewer.email).role).toBe('edit');
    expect(
      (await call('PATCH', `/templates/${template.id}`, viewer.cookie, { abstract: 'x' }))
        .statusCode,
    ).toBe(200);
    // Now the owner may leave: the promoted viewer stays as editor.
    expect(
      (await call('DELETE', `${accessUrl(template.id)}/${own.id}`, viewer.cookie)).statusCode,
    ).toBe(204);
    expect((await call('GET', `/templates/${template.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('keeps an unregistered address and attaches it when its account signs in', async () => {
    const template = await makeTemplate(t, owner.cookie);
    const email = `newcomer-${Date.now()}@example.test`;
    await call('POST', accessUrl(template.id), owner.cookie, { emails: [email], role: 'edit' });
    expect(byEmail(await entries(template.id), email)).toMatchObject({ userId: null, name: null });

    const newcomer = await createUser(t.platform, { email });
    expect((await call('GET', `/templates/${template.id}`, newcomer.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/me', newcomer.cookie)).statusCode).toBe(200);
    const opened = await call('GET', `/templates/${template.id}`, newcomer.cookie);
    expect(opened.json()).toMatchObject({ canEdit: true, group: 'shared' });
    const pending = await t.platform.database.db
      .select()
      .from(documentAccess)
      .where(and(isNull(documentAccess.userId), eq(documentAccess.email, email)));
    expect(pending).toHaveLength(0);
  });

  it('e-mails each person newly shared with, once, with a link to the document', async () => {
    const template = await makeTemplate(t, owner.cookie, `Supply terms ${Date.now()}`);
    const newcomer = `invitee-${Date.now()}@example.test`;
    const shared = await call('POST', accessUrl(template.id), owner.cookie, {
      emails: [viewer.email, newcomer, owner.email],
      role: 'view',
    });
    expect(shared.statusCode).toBe(201);
    const subject = new RegExp(`shared "${template.title}" with you`);
    const toViewer = await waitForMail(t.app, viewer.email, subject);
    expect(toViewer.text).toContain(`/dashboard/templates/view/${template.id}`);
    expect(toViewer.text).toContain('Sign in with this e-mail address');
    const toNewcomer = await waitForMail(t.app, newcomer, subject);
    // Naming oneself among the people changes nothing of one's own access.
    expect(byEmail(await entries(template.id), owner.email).role).toBe('edit');
    expect(toNewcomer.text).toContain('sign up with this e-mail address');

    // A role change is no new access; an editor's link opens the editor.
    await call('POST', accessUrl(template.id), owner.cookie, {
      emails: [viewer.email],
      role: 'edit',
    });
    await call('POST', accessUrl(template.id), owner.cookie, {
      emails: [colleague.email],
      role: 'edit',
    });
    const toColleague = await waitForMail(t.app, colleague.email, subject);
    expect(toColleague.text).toContain(`/dashboard/templates/edit/${template.id}`);
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json() as {
      to: string;
      subject: string;
    }[];
    const about = outbox.filter((mail) => subject.test(mail.subject));
    expect(about.filter((mail) => mail.to === viewer.email)).toHaveLength(1);
    // The sharer is not told of their own access.
    expect(about.filter((mail) => mail.to === owner.email)).toHaveLength(0);
  });
});

describe('sharing with workspaces and groups', () => {
  it('a whole workspace: its members see the template under Shared', async () => {
    const template = await makeTemplate(t, owner.cookie, 'For the workspace');
    const shared = await call('POST', accessUrl(template.id), owner.cookie, {
      workspaceIds: [workspaceId],
      role: 'view',
    });
    expect(shared.statusCode).toBe(201);
    expect(
      shared.json().entries.find((entry: AccessEntry) => entry.workspaceId === workspaceId),
    ).toMatchObject({ workspaceTitle: 'Acme', role: 'view' });
    const library = (await call('GET', '/templates?filter=shared', colleague.cookie)).json()
      .templates as TemplateCard[];
    expect(library.map((card) => card.id)).toContain(template.id);
    expect(
      (await call('GET', `/templates/${template.id}`, otherWorkspaceUser.cookie)).statusCode,
    ).toBe(404);
  });

  it('only workspaces and groups of the sharer’s own workspaces', async () => {
    const template = await makeTemplate(t, owner.cookie);
    const foreignWorkspace = await call('POST', accessUrl(template.id), owner.cookie, {
      workspaceIds: [otherWorkspaceId],
      role: 'view',
    });
    expect(foreignWorkspace.statusCode).toBe(404);
    const foreignGroup = await makeGroup(t, otherWorkspaceId, [otherWorkspaceUser.id]);
    expect(
      (
        await call('POST', accessUrl(template.id), owner.cookie, {
          groupIds: [foreignGroup],
          role: 'view',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a group: its members get access; global templates take no group invites', async () => {
    const template = await makeTemplate(t, owner.cookie);
    const shared = await call('POST', accessUrl(template.id), owner.cookie, {
      groupIds: [groupId],
      role: 'edit',
    });
    expect(
      shared.json().entries.find((entry: AccessEntry) => entry.groupId === groupId),
    ).toMatchObject({ groupName: 'Legal', role: 'edit' });
    expect((await call('GET', `/templates/${template.id}`, colleague.cookie)).json().canEdit).toBe(
      true,
    );

    await t.platform.database.db
      .update(templates)
      .set({ isGlobal: true, partner: 'Pactum' })
      .where(eq(templates.id, template.id));
    const refused = await call('POST', accessUrl(template.id), owner.cookie, {
      groupIds: [groupId],
      role: 'view',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Global templates cannot be shared with groups.');
    // Every user sees a global template, but not its share list.
    expect((await call('GET', accessUrl(template.id), stranger.cookie)).statusCode).toBe(404);
    // A product administrator manages the share list of any global template.
    const adminList = await call('GET', accessUrl(template.id), admin.cookie);
    expect(adminList.json().canManage).toBe(true);
  });

  it('needs someone to share with', async () => {
    const template = await makeTemplate(t, owner.cookie);
    const empty = await call('POST', accessUrl(template.id), owner.cookie, { role: 'view' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('suggestions', () => {
  it('lists the people, workspaces and groups of the caller’s workspaces only', async () => {
    const response = await call('GET', '/sharing/suggestions', owner.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.people).toEqual([{ email: colleague.email, name: colleague.name }]);
    expect(body.workspaces).toEqual([{ id: workspaceId, title: 'Acme' }]);
    expect(body.groups).toEqual([{ id: groupId, name: 'Legal', workspaceTitle: 'Acme' }]);
    const lonely = await call('GET', '/sharing/suggestions', stranger.cookie);
    expect(lonely.json()).toEqual({ people: [], workspaces: [], groups: [] });
  });
});

describe('tags on documents', () => {
  it('puts the caller’s workspace tags on a template; others are refused', async () => {
    const { db } = t.platform.database;
    const [tag] = await db
      .insert(workspaceTags)
      .values({ workspaceId, tag: 'Urgent' })
      .returning({ id: workspaceTags.id });
    const [foreign] = await db
      .insert(workspaceTags)
      .values({ workspaceId: otherWorkspaceId, tag: 'Secret' })
      .returning({ id: workspaceTags.id });
    if (!tag || !foreign) throw new Error('no tags');
    const template = await makeTemplate(t, owner.cookie);
    const url = `/templates/${template.id}/tags`;
    const before = (await call('GET', url, owner.cookie)).json() as DocumentTags;
    expect(before).toEqual({ tags: [], available: [{ id: tag.id, tag: 'Urgent', workspaceId }] });

    const set = await call('PUT', url, owner.cookie, { tagIds: [tag.id] });
    expect(set.statusCode).toBe(200);
    expect(set.json().tags).toEqual([{ id: tag.id, tag: 'Urgent' }]);
    expect((await call('GET', `/templates/${template.id}`, owner.cookie)).json().tags).toEqual([
      { id: tag.id, tag: 'Urgent' },
    ]);
    expect((await call('PUT', url, owner.cookie, { tagIds: [foreign.id] })).statusCode).toBe(404);

    await call('POST', accessUrl(template.id), owner.cookie, {
      emails: [viewer.email],
      role: 'view',
    });
    expect((await call('PUT', url, viewer.cookie, { tagIds: [] })).statusCode).toBe(403);
    for (const user of [stranger, otherWorkspaceUser]) {
      expect((await call('GET', url, user.cookie)).statusCode).toBe(404);
      expect((await call('PUT', url, user.cookie, { tagIds: [] })).statusCode).toBe(404);
    }
    const cleared = await call('PUT', url, owner.cookie, { tagIds: [] });
    expect(cleared.json().tags).toEqual([]);
  });
});

describe('the same sharing on drafts', () => {
  it('shares a draft through its own access entries', async () => {
    const { db } = t.platform.database;
    const [draft] = await db
      .insert(drafts)
      .values({ title: 'Draft', createdBy: owner.id })
      .returning({ id: drafts.id });
    if (!draft) throw new Error('no draft');
    await db
      .insert(documentAccess)
      .values({ collection: 'drafts', documentId: draft.id, userId: owner.id, role: 'edit' });
    const url = `/drafts/${draft.id}/access`;
    expect((await call('GET', url, viewer.cookie)).statusCode).toBe(404);
    const shared = await call('POST', url, owner.cookie, { emails: [viewer.email], role: 'view' });
    expect(shared.statusCode).toBe(201);
    const list = (await call('GET', url, viewer.cookie)).json() as AccessList;
    expect(list.canManage).toBe(false);
    expect(list.entries.map((entry) => entry.userId).sort()).toEqual([owner.id, viewer.id].sort());
    expect((await call('GET', url, stranger.cookie)).statusCode).toBe(404);
  });
});

describe('the same sharing on deals', () => {
  it('each party manages and sees only its own team', async () => {
    const { db } = t.platform.database;
    const receiver = await createUser(t.platform);
    const [deal] = await db
      .insert(deals)
      .values({
        title: 'Deal',
        process: 'negotiate',
        sentBy: owner.id,
        parties: {
          sender: { type: 'business', name: 'Acme' },
          receiver: { type: 'business', name: 'Buyer' },
        },
      })
      .returning({ id: deals.id });
    if (!deal) throw new Error('no deal');
    await db.insert(documentAccess).values([
      { collection: 'deals', documentId: deal.id, userId: owner.id, role: 'edit', party: 'sender' },
      {
        collection: 'deals',
        documentId: deal.id,
        userId: receiver.id,
        role: 'edit',
        party: 'receiver',
      },
    ]);
    const url = `/deals/${deal.id}/access`;
    const shared = await call('POST', url, owner.cookie, {
      emails: [colleague.email],
      role: 'view',
    });
    expect(shared.statusCode).toBe(201);
    const senderSide = (shared.json() as AccessList).entries;
    expect(senderSide.map((entry) => [entry.userId, entry.party])).toEqual([
      [owner.id, 'sender'],
      [colleague.id, 'sender'],
    ]);
    const receiverSide = (await call('GET', url, receiver.cookie)).json() as AccessList;
    expect(receiverSide.entries.map((entry) => entry.userId)).toEqual([receiver.id]);
    // The receiver cannot touch the sender's team.
    const colleagueEntry = senderSide[1];
    expect((await call('DELETE', `${url}/${colleagueEntry?.id}`, receiver.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', url, stranger.cookie)).statusCode).toBe(404);
  });
});
