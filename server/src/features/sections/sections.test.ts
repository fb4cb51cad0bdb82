import { SECTION_LOCK_TTL_MS } from '@pactum/core/section-lock';
import type { Section, TemplateDetail } from '@pactum/core/templates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentAccess,
  documentEvents,
  drafts,
  templateSections,
  templates,
} from '../../db/schema';
import { createTestApp, listenLive, type TestApp } from '../../test/app';
import { createUsers, type TestUser } from '../../test/factories';
import { type LiveTestClient, openLive } from '../../test/live-client';
import { caller, makeTemplate, makeWorkspace, ORIGIN } from '../sharing/test-support';
import { blankSections } from './blank-sections';
import { insertSectionTree } from './insert-section-tree';

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
let liveUrl: string;
const clients: LiveTestClient[] = [];
const SECTION_LOCK_TTL_MINUTES = SECTION_LOCK_TTL_MS / 60_000;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  call = caller(t);
  [owner, editor, viewer, stranger, otherWorkspaceUser] = await createUsers(t.platform, 5);
  await makeWorkspace(t, [owner.id, editor.id]);
  await makeWorkspace(t, [otherWorkspaceUser.id], 'Other company');
  liveUrl = await listenLive(t);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t?.close();
});

/** A template shared with the editor (edit) and the viewer (view). */
async function sharedTemplate(title = 'Sectioned'): Promise<TemplateDetail> {
  const template = await makeTemplate(t, owner.cookie, title);
  for (const [user, role] of [
    [editor, 'edit'],
    [viewer, 'view'],
  ] as const) {
    const response = await call('POST', `/templates/${template.id}/access`, owner.cookie, {
      emails: [user.email],
      role,
    });
    expect(response.statusCode).toBe(201);
  }
  return template;
}

const sections = async (templateId: string, cookie = owner.cookie) =>
  ((await call('GET', `/templates/${templateId}`, cookie)).json() as TemplateDetail).sections;

const outline = (list: Section[]) =>
  list.map((section) => `${section.number || section.type}:${section.title}`);

const add = async (templateId: string, body: object, cookie = owner.cookie) => {
  const response = await call('POST', `/templates/${templateId}/sections`, cookie, body);
  expect(response.statusCode).toBe(201);
  return response.json() as Section;
};

describe('adding, moving and removing sections', () => {
  it('adds before signers, after a section and as a child; numbers follow', async () => {
    const template = await sharedTemplate();
    const first = template.sections[1];
    if (!first) throw new Error('no default section');
    const b = await add(template.id, { title: 'B' });
    expect(b).toMatchObject({ number: '2', position: 3, parentId: null, type: 'normal' });
    await add(template.id, { title: 'A1', parentId: first.id });
    const a2 = await add(template.id, { title: 'A2', parentId: first.id });
    expect(a2).toMatchObject({ number: '1.2', position: 102, parentId: first.id });
    await add(template.id, { title: 'Between', afterSectionId: first.id });
    expect(outline(await sections(template.id))).toEqual([
      'parties:Parties',
      '1:',
      '1.1:A1',
      '1.2:A2',
      '2:Between',
      '3:B',
      'signers:Signatures',
    ]);
    const positions = (await sections(template.id)).map((section) => section.position);
    expect(positions).toEqual([1, 2, 101, 102, 3, 4, 5]);
  });

  it('moves up, down, in and out, renumbering all; parties and signers stay put', async () => {
    const template = await sharedTemplate();
    const a = template.sections[1];
    if (!a) throw new Error('no default section');
    const b = await add(template.id, { title: 'B' });
    const c = await add(template.id, { title: 'C' });
    const move = (id: string, direction: string, cookie = editor.cookie) =>
      call('POST', `/templates/${template.id}/sections/${id}/move`, cookie, { direction });

    const up = await move(c.id, 'up');
    expect(up.statusCode).toBe(200);
    expect(outline(up.json().sections)).toEqual([
      'parties:Parties',
      '1:',
      '2:C',
      '3:B',
      'signers:Signatures',
    ]);
    const indented = await move(c.id, 'indent');
    expect(outline(indented.json().sections)).toEqual([
      'parties:Parties',
      '1:',
      '1.1:C',
      '2:B',
      'signers:Signatures',
    ]);
    expect(indented.json().sections[2]).toMatchObject({ parentId: a.id, position: 101 });
    const outdented = await move(c.id, 'outdent');
    expect(outline(outdented.json().sections)).toEqual([
      'parties:Parties',
      '1:',
      '2:C',
      '3:B',
      'signers:Signatures',
    ]);
    await move(b.id, 'up');
    expect(outline(await sections(template.id)).slice(1, 4)).toEqual(['1:', '2:B', '3:C']);

    const parties = template.sections[0];
    const signers = template.sections[2];
    if (!parties || !signers) throw new Error('no parties or signers');
    for (const [id, direction] of [
      [a.id, 'up'],
      [c.id, 'down'],
      [parties.id, 'down'],
      [signers.id, 'up'],
      [parties.id, 'indent'],
      [a.id, 'indent'],
    ] as const) {
      const refused = await move(id, direction);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('This section cannot be moved that way.');
    }
    expect((await move(c.id, 'sideways')).statusCode).toBe(400);
  });

  it('removes a section with its children; parties and signers cannot be removed', async () => {
    const template = await sharedTemplate();
    const a = template.sections[1];
    const parties = template.sections[0];
    const signers = template.sections[2];
    if (!a || !parties || !signers) throw new Error('sections missing');
    const b = await add(template.id, { title: 'B' });
    await add(template.id, { title: 'B1', parentId: b.id });
    await add(template.id, { title: 'C' });
    const removed = await call(
      'DELETE',
      `/templates/${template.id}/sections/${b.id}`,
      editor.cookie,
    );
    expect(removed.statusCode).toBe(204);
    const rest = await sections(template.id);
    expect(outline(rest)).toEqual(['parties:Parties', '1:', '2:C', 'signers:Signatures']);
    expect(rest.map((section) => section.position)).toEqual([1, 2, 3, 4]);
    for (const fixed of [parties, signers]) {
      const refused = await call(
        'DELETE',
        `/templates/${template.id}/sections/${fixed.id}`,
        owner.cookie,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(
        'The parties and signers sections cannot be removed.',
      );
    }
    const [event] = await t.platform.database.db
      .select({ event: documentEvents.event })
      .from(documentEvents)
      .where(eq(documentEvents.sectionId, b.id));
    expect(event).toBeDefined();
  });
});

describe('one editor per section', () => {
  const lock = (templateId: string, sectionId: string, cookie: string) =>
    call('POST', `/templates/${templateId}/sections/${sectionId}/lock`, cookie);
  const save = (templateId: string, section: Section, cookie: string, html = '<p>Text</p>') =>
    call('PUT', `/templates/${templateId}/sections/${section.id}`, cookie, {
      title: section.title || 'Title',
      content: [{ id: section.content[0]?.id ?? 'a', html }],
      defaultContentId: section.content[0]?.id ?? 'a',
    });

  it('refuses a second editor with “Locked by” until the first saves', async () => {
    const template = await sharedTemplate();
    const section = template.sections[1];
    if (!section) throw new Error('no section');
    const locked = await lock(template.id, section.id, owner.cookie);
    expect(locked.statusCode).toBe(200);
    expect(locked.json().lockedBy).toEqual({ id: owner.id, name: owner.name });
    expect((await call('GET', `/templates/${template.id}`, editor.cookie)).json().lockedBy).toEqual(
      {
        id: owner.id,
        name: owner.name,
      },
    );

    const second = await lock(template.id, section.id, editor.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(`Locked by ${owner.name}`);
    const secondSave = await save(template.id, section, editor.cookie);
    expect(secondSave.statusCode).toBe(409);
    expect(secondSave.json().error.message).toBe(`Locked by ${owner.name}`);
    expect(
      (await call('DELETE', `/templates/${template.id}/sections/${section.id}`, editor.cookie))
        .statusCode,
    ).toBe(409);

    const saved = await save(template.id, section, owner.cookie, '<p>Owner text</p>');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      lockedBy: null,
      content: [{ html: '<p>Owner text</p>' }],
    });
    expect((await lock(template.id, section.id, editor.cookie)).statusCode).toBe(200);
    expect(
      (await call('DELETE', `/templates/${template.id}/sections/${section.id}/lock`, editor.cookie))
        .statusCode,
    ).toBe(204);
    expect((await sections(template.id))[1]?.lockedBy).toBeNull();
  });

  it('saving needs the caller’s own lock', async () => {
    const template = await sharedTemplate();
    const section = template.sections[1];
    if (!section) throw new Error('no section');
    const response = await save(template.id, section, owner.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Open the section for editing before saving it.');
  });

  it('opening another section releases the caller’s first one', async () => {
    const template = await sharedTemplate();
    const first = template.sections[1];
    if (!first) throw new Error('no section');
    const second = await add(template.id, { title: 'Second' });
    await lock(template.id, first.id, owner.cookie);
    await lock(template.id, second.id, owner.cookie);
    const list = await sections(template.id);
    expect(list.find((section) => section.id === first.id)?.lockedBy).toBeNull();
    expect(list.find((section) => section.id === second.id)?.lockedBy?.id).toBe(owner.id);
  });

  it('a lock not renewed for its lifetime may be taken over; re-locking renews it', async () => {
    const template = await sharedTemplate();
    const section = template.sections[1];
    if (!section) throw new Error('no section');
    const age = (minutes: number) =>
      t.platform.database.db
        .update(templateSections)
        .set({ lockedAt: new Date(Date.now() - minutes * 60 * 1000) })
        .where(eq(templateSections.id, section.id));
    await lock(template.id, section.id, owner.cookie);
    await age(SECTION_LOCK_TTL_MINUTES - 1);
    expect((await lock(template.id, section.id, editor.cookie)).statusCode).toBe(409);
    // The open editor's heartbeat renews the lock.
    expect((await lock(template.id, section.id, owner.cookie)).statusCode).toBe(200);
    const [renewed] = await t.platform.database.db
      .select({ lockedAt: templateSections.lockedAt })
      .from(templateSections)
      .where(eq(templateSections.id, section.id));
    expect(Date.now() - (renewed?.lockedAt?.getTime() ?? 0)).toBeLessThan(60_000);
    await age(SECTION_LOCK_TTL_MINUTES + 1);
    const taken = await lock(template.id, section.id, editor.cookie);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().lockedBy.id).toBe(editor.id);
    // The first editor's late save is refused: the section is someone else's now.
    expect((await save(template.id, section, owner.cookie)).statusCode).toBe(409);
  });
});

describe('saving content', () => {
  const open = async (template: TemplateDetail) => {
    const section = template.sections[1];
    if (!section) throw new Error('no section');
    await call('POST', `/templates/${template.id}/sections/${section.id}/lock`, owner.cookie);
    return section;
  };

  it('stores only sanitised HTML', async () => {
    const template = await sharedTemplate();
    const payloads = [
      '<script>alert(1)</script><p>ok</p>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">link</a>',
      '<p onclick="alert(1)" style="color:red">styled</p>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg><script>alert(1)</script></svg>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    ];
    const section = await open(template);
    const content = payloads.map((html, index) => ({ id: `o${index}`, html, help: html }));
    const saved = await call(
      'PUT',
      `/templates/${template.id}/sections/${section.id}`,
      owner.cookie,
      {
        title: 'XSS',
        help: '<b onmouseover="x()">help</b>',
        content: [{ id: section.content[0]?.id ?? 'a', html: '<p>first</p>' }, ...content],
        defaultContentId: 'o1',
      },
    );
    expect(saved.statusCode).toBe(200);
    const stored = (await sections(template.id))[1];
    const text = JSON.stringify(stored);
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onmouseover',
      'javascript:',
      '<iframe',
      'data:text',
      'style=',
    ]) {
      expect(text.toLowerCase()).not.toContain(bad);
    }
    expect(stored?.content[0]?.html).toBe('<p>first</p>');
    expect(stored?.content[1]?.html).toContain('<p>ok</p>');
    expect(stored?.help).toContain('help');
    expect(stored?.defaultContentId).toBe('o1');
  });

  it('keeps the help text when a save leaves it out, and the editLock flag of templates', async () => {
    const template = await sharedTemplate();
    const section = await open(template);
    const url = `/templates/${template.id}/sections/${section.id}`;
    const content = [{ id: section.content[0]?.id ?? 'a', html: '<p>x</p>' }];
    const defaultContentId = content[0]?.id ?? null;
    await call('PUT', url, owner.cookie, {
      title: 'T',
      help: 'Fill in',
      content,
      defaultContentId,
    });
    await call('POST', `${url}/lock`, owner.cookie);
    const saved = await call('PUT', url, owner.cookie, {
      title: 'T2',
      content,
      defaultContentId,
      editLock: true,
    });
    expect(saved.json()).toMatchObject({ title: 'T2', help: 'Fill in', editLock: true });
  });

  it('keeps the content option rules', async () => {
    const template = await sharedTemplate();
    const section = await open(template);
    const firstId = section.content[0]?.id ?? '';
    const put = (body: object) =>
      call('PUT', `/templates/${template.id}/sections/${section.id}`, owner.cookie, body);
    const many = Array.from({ length: 27 }, (_, index) => ({
      id: index === 0 ? firstId : `o${index}`,
      html: `<p>${index}</p>`,
    }));
    const tooMany = await put({ title: 'x', content: many, defaultContentId: firstId });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('at most 26 content options');
    const withoutFirst = await put({
      title: 'x',
      content: [{ id: 'other', html: '<p>x</p>' }],
      defaultContentId: 'other',
    });
    expect(withoutFirst.statusCode).toBe(400);
    expect(withoutFirst.json().error.message).toBe('The first content option cannot be removed.');
    const badDefault = await put({
      title: 'x',
      content: [{ id: firstId, html: '' }],
      defaultContentId: 'missing',
    });
    expect(badDefault.statusCode).toBe(400);
    const ok = await put({ title: 'x', content: many.slice(0, 26), defaultContentId: 'o25' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().content).toHaveLength(26);
  });
});

describe('who may change sections', () => {
  it('viewers get 403; strangers and other workspaces 404; global viewers 403', async () => {
    const template = await sharedTemplate();
    const section = template.sections[1];
    if (!section) throw new Error('no section');
    const attempts = (cookie: string) => [
      call('POST', `/templates/${template.id}/sections`, cookie, { title: 'x' }),
      call('POST', `/templates/${template.id}/sections/${section.id}/lock`, cookie),
      call('PUT', `/templates/${template.id}/sections/${section.id}`, cookie, {
        title: 'x',
        content: [{ id: section.content[0]?.id, html: '' }],
        defaultContentId: null,
      }),
      call('POST', `/templates/${template.id}/sections/${section.id}/move`, cookie, {
        direction: 'down',
      }),
      call('DELETE', `/templates/${template.id}/sections/${section.id}`, cookie),
    ];
    for (const response of await Promise.all(attempts(viewer.cookie))) {
      expect(response.statusCode).toBe(403);
    }
    for (const user of [stranger, otherWorkspaceUser]) {
      for (const response of await Promise.all(attempts(user.cookie))) {
        expect(response.statusCode).toBe(404);
      }
    }
    // Once the template is global every user sees it, but only read-only.
    await t.platform.database.db
      .update(templates)
      .set({ isGlobal: true, partner: 'Pactum' })
      .where(eq(templates.id, template.id));
    for (const response of await Promise.all(attempts(stranger.cookie))) {
      expect(response.statusCode).toBe(403);
    }
    // A section id of another template is not found through this one.
    const other = await makeTemplate(t, owner.cookie);
    const foreign = await call(
      'POST',
      `/templates/${template.id}/sections/${other.sections[1]?.id}/lock`,
      owner.cookie,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('draft sections through the same service', () => {
  it('adds, locks and saves sections of a draft the user may edit', async () => {
    const { db } = t.platform.database;
    const [draft] = await db
      .insert(drafts)
      .values({ title: 'A draft', createdBy: owner.id })
      .returning({ id: drafts.id });
    if (!draft) throw new Error('no draft');
    await db.insert(documentAccess).values({
      collection: 'drafts',
      documentId: draft.id,
      userId: owner.id,
      role: 'edit',
    });
    await insertSectionTree(db, {
      collection: 'drafts',
      documentId: draft.id,
      userId: owner.id,
      sections: blankSections(),
    });
    const added = await call('POST', `/drafts/${draft.id}/sections`, owner.cookie, {
      title: 'Extra',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ number: '2', position: 3 });
    const section = added.json() as Section;
    expect(
      (await call('POST', `/drafts/${draft.id}/sections/${section.id}/lock`, owner.cookie))
        .statusCode,
    ).toBe(200);
    const saved = await call('PUT', `/drafts/${draft.id}/sections/${section.id}`, owner.cookie, {
      title: 'Extra',
      content: [{ id: section.content[0]?.id, html: '<p>Draft text<script>x</script></p>' }],
      defaultContentId: section.content[0]?.id,
    });
    expect(saved.json()).toMatchObject({ content: [{ html: '<p>Draft text</p>' }] });
    expect(
      (await call('POST', `/drafts/${draft.id}/sections`, stranger.cookie, {})).statusCode,
    ).toBe(404);

    // Once sent, the draft is the record of what went out: its editor may read, not change it.
    await db.update(drafts).set({ sentAt: new Date() }).where(eq(drafts.id, draft.id));
    expect(
      (await call('POST', `/drafts/${draft.id}/sections`, owner.cookie, { title: 'Late' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/drafts/${draft.id}/sections/${section.id}/lock`, owner.cookie))
        .statusCode,
    ).toBe(403);
  });
});

describe('live section events', () => {
  it('reach a subscribed editor; a stranger is refused the topic', async () => {
    const template = await sharedTemplate();
    const section = template.sections[1];
    if (!section) throw new Error('no section');
    const watcher = await openLive(liveUrl, { origin: ORIGIN, cookie: editor.cookie });
    clients.push(watcher);
    const topic = `template:${template.id}`;
    watcher.send({ type: 'subscribe', topic });
    await watcher.next((m) => m.type === 'subscribed');

    const outsider = await openLive(liveUrl, { origin: ORIGIN, cookie: stranger.cookie });
    clients.push(outsider);
    outsider.send({ type: 'subscribe', topic });
    const refused = await outsider.next((m) => m.type === 'error');
    expect(refused).toMatchObject({ code: 'forbidden', topic });

    await call('POST', `/templates/${template.id}/sections/${section.id}/lock`, owner.cookie);
    const locked = await watcher.next(
      (m) => m.type === 'event' && m.event.type === 'section.locked',
    );
    expect(locked).toMatchObject({
      event: { topic, data: { sectionId: section.id, userId: owner.id } },
    });
    await call('POST', `/templates/${template.id}/sections`, owner.cookie, { title: 'Live' });
    const changed = await watcher.next(
      (m) => m.type === 'event' && m.event.type === 'sections.changed',
    );
    expect(changed).toMatchObject({ event: { topic } });
    expect(outsider.messages.some((m) => m.type === 'event')).toBe(false);
  });
});
