import {
  type AccessEntry,
  type AccessList,
  type DocumentTags,
  type TemplateCard,
  templateMessages,
} from '@pactum/core/templates';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, documentAccess, drafts, templates, workspaceTags } from '../../db/schema';
import { spendBudget } from '../../platform/rate-limit/budget';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { waitForMail } from '../../test/outbox';
import {
  SHARE_MAILS_PER_USER_HOUR,
  SHARE_MAILS_PER_WORKSPACE_HOUR,
  shareMailBudgets,
} from './mail-budget';
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

describe('sharing by e-mail is no mail relay (issue 22 §6)', () => {
  /** `count` addresses no one has, so each share mails every one of them. */
  const addresses = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, i) => `${prefix}-${i}-${Date.now()}@example.test`);
  const emailsOf = (list: AccessList) => list.entries.map((entry) => entry.email);

  it('needs a verified address; workspaces and groups (no mail) need none', async () => {
    const unverified = await createUser(t.platform, { emailVerified: false });
    const team = await makeWorkspace(t, [unverified.id], 'Unverified Oy');
    const team2Group = await makeGroup(t, team, []);
    const template = await makeTemplate(t, unverified.cookie, 'Visit http://evil.example');
    const refused = await call('POST', accessUrl(template.id), unverified.cookie, {
      emails: addresses(3, 'relay'),
      workspaceIds: [team],
      role: 'view',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(templateMessages.en.shareNeedsVerifiedEmail);
    // Nothing of the refused share is stored, the workspace neither.
    expect(emailsOf(await entries(template.id, unverified.cookie))).toEqual([unverified.email]);

    const inside = await call('POST', accessUrl(template.id), unverified.cookie, {
      workspaceIds: [team],
      groupIds: [team2Group],
      // Naming oneself mails nobody either.
      emails: [unverified.email],
      role: 'view',
    });
    expect(inside.statusCode).toBe(201);
    expect((inside.json() as AccessList).entries).toHaveLength(3);
  });

  it('spends a budget of share mails per user: over it 429 with Retry-After, nothing stored', async () => {
    const sharer = await createUser(t.platform);
    const template = await makeTemplate(t, sharer.cookie);
    const url = accessUrl(template.id);
    const batch = addresses(SHARE_MAILS_PER_USER_HOUR, 'batch');
    expect(
      (await call('POST', url, sharer.cookie, { emails: batch, role: 'view' })).statusCode,
    ).toBe(201);

    const over = await call('POST', url, sharer.cookie, {
      emails: [viewer.email, 'one-more@example.test'],
      role: 'view',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({
      code: 'share_mail_limit_user',
      message: templateMessages.en.shareMailLimitUser,
      retryAfterSeconds: expect.any(Number),
    });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    const list = await entries(template.id, sharer.cookie);
    expect(list.entries).toHaveLength(SHARE_MAILS_PER_USER_HOUR + 1);
    expect(emailsOf(list)).not.toContain(viewer.email);
    expect(emailsOf(list)).not.toContain('one-more@example.test');

    // What mails nobody costs nothing: a role change, a workspace.
    const [first] = batch;
    expect(
      (await call('POST', url, sharer.cookie, { emails: [first], role: 'edit' })).statusCode,
    ).toBe(201);
    const own = await makeWorkspace(t, [sharer.id], 'Sharer Oy');
    expect(
      (await call('POST', url, sharer.cookie, { workspaceIds: [own], role: 'view' })).statusCode,
    ).toBe(201);
    // Another user's budget is their own.
    const other = await makeTemplate(t, owner.cookie);
    expect(
      (
        await call('POST', accessUrl(other.id), owner.cookie, {
          emails: ['owner-friend@example.test'],
          role: 'view',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('spends the budget of the document’s workspace, else the sharer’s own', async () => {
    const { db } = t.platform.database;
    const [member, teammate, outsider] = await createUsers(t.platform, 3);
    const team = await makeWorkspace(t, [member.id, teammate.id], 'Busy Oy');
    const side = await makeWorkspace(t, [member.id], 'Side business');
    // The team has mailed its hour's worth already.
    const teamHour = shareMailBudgets({ userId: member.id, workspaceId: team })[2];
    if (!teamHour) throw new Error('no workspace budget');
    expect(teamHour.rule.max).toBe(SHARE_MAILS_PER_WORKSPACE_HOUR);
    await spendBudget(db, teamHour.key, teamHour.rule, teamHour.rule.max);

    const share = (template: string, who: TestUser) =>
      call('POST', accessUrl(template), who.cookie, {
        emails: addresses(1, 'workspace'),
        role: 'view',
      });
    const inWorkspace = async (workspaceId: string | null, creator: TestUser) => {
      const template = await makeTemplate(t, creator.cookie);
      await db.update(templates).set({ workspaceId }).where(eq(templates.id, template.id));
      return template.id;
    };

    // The team's document, whichever member shares it.
    const teamTemplate = await inWorkspace(team, teammate);
    const refused = await share(teamTemplate, teammate);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(templateMessages.en.shareMailLimitWorkspace);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A document of the member's other workspace spends that one's budget.
    expect((await share(await inWorkspace(side, member), member)).statusCode).toBe(201);
    // A personal document spends the sharer's first workspace's budget.
    expect((await share(await inWorkspace(null, member), member)).statusCode).toBe(429);
    // An editor outside the team (here with no workspace) does not spend the team's budget.
    await db.insert(documentAccess).values({
      collection: 'templates',
      documentId: teamTemplate,
      userId: outsider.id,
      role: 'edit',
    });
    expect((await share(teamTemplate, outsider)).statusCode).toBe(201);
  });

  it('parallel shares cannot spend more than the budget', async () => {
    const sharer = await createUser(t.platform);
    const template = await makeTemplate(t, sharer.cookie);
    const [hour] = shareMailBudgets({ userId: sharer.id, workspaceId: null });
    if (!hour) throw new Error('no user budget');
    // Room for exactly two of the five shares below.
    await spendBudget(t.platform.database.db, hour.key, hour.rule, hour.rule.max - 10);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('POST', accessUrl(template.id), sharer.cookie, {
          emails: addresses(5, `parallel${i}`),
          role: 'view',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
    expect((await entries(template.id, sharer.cookie)).entries).toHaveLength(1 + 10);
  });
});
