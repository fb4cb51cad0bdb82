import { validationMessages } from '@pactum/core/validation';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  draftSections,
  drafts,
  files,
  internalComments,
  templates,
  users,
  workspaceGroups,
  workspaceTags,
} from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { apiAs, createTemplate, createWorkspace } from '../test/drafts-factories';
import { createUser, type TestUser } from '../test/factories';

/*
 * Free text with a NUL or a lone UTF-16 surrogate cannot be stored by PostgreSQL (text or
 * jsonb), so every free-text field refuses it with its own message instead of a 500.
 */

let t: TestApp;
let user: TestUser;
let templateId: string;
let draftId: string;
let sectionId: string;
let workspaceId: string;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  user = await createUser(t.platform);
  const template = await createTemplate(t.database.db, { createdBy: user.id });
  templateId = template.id;
  draftId = (await api('POST', `/templates/${templateId}/drafts`, user)).json().id;
  const [section] = await t.database.db
    .select({ id: draftSections.id })
    .from(draftSections)
    .where(eq(draftSections.draftId, draftId));
  sectionId = section?.id ?? '';
  workspaceId = (await createWorkspace(t.database.db, { memberIds: [user.id] })).id;
});
afterAll(() => t?.close());

const api = apiAs(() => t.app);
const message = validationMessages.en.characters;
const company = { name: 'Acme', vat: '', department: '', costcenter: '', www: '' };

async function countRows(
  table:
    | typeof templates
    | typeof internalComments
    | typeof workspaceTags
    | typeof files
    | typeof workspaceGroups,
) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row?.n;
}

/** Each route with a free-text field: the request carrying `value`, and what it would store. */
const cases: {
  route: string;
  field: string;
  send: (value: string) => ReturnType<typeof api>;
  stored: () => Promise<unknown>;
}[] = [
  {
    route: 'PATCH /me',
    field: 'firstname',
    send: (value) => api('PATCH', '/me', user, { firstname: `a${value}b` }),
    stored: async () =>
      (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]?.firstname,
  },
  {
    route: 'PATCH /me',
    field: 'lastname',
    send: (value) => api('PATCH', '/me', user, { lastname: `a${value}b` }),
    stored: async () =>
      (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]?.lastname,
  },
  {
    route: 'PATCH /me',
    field: 'company.name',
    send: (value) => api('PATCH', '/me', user, { company: { ...company, name: `a${value}b` } }),
    stored: async () =>
      (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]?.company,
  },
  {
    route: 'POST /templates',
    field: 'title',
    send: (value) =>
      api('POST', '/templates', user, {
        title: `a${value}b`,
        abstract: '',
        category: 'business',
        language: 'en',
        region: 'fi',
      }),
    stored: () => countRows(templates),
  },
  {
    route: 'PATCH /templates/:id',
    field: 'title',
    send: (value) => api('PATCH', `/templates/${templateId}`, user, { title: `a${value}b` }),
    stored: async () =>
      (await t.database.db.select().from(templates).where(eq(templates.id, templateId)))[0]?.title,
  },
  {
    route: 'PATCH /drafts/:id',
    field: 'title',
    send: (value) => api('PATCH', `/drafts/${draftId}`, user, { title: `a${value}b` }),
    stored: async () =>
      (await t.database.db.select().from(drafts).where(eq(drafts.id, draftId)))[0]?.title,
  },
  {
    route: 'POST /drafts/:id/comments',
    field: 'content',
    send: (value) =>
      api('POST', `/drafts/${draftId}/comments`, user, { sectionId, content: `a${value}b` }),
    stored: () => countRows(internalComments),
  },
  {
    route: 'POST /workspaces/:id/tags',
    field: 'tag',
    send: (value) => api('POST', `/workspaces/${workspaceId}/tags`, user, { tag: `a${value}b` }),
    stored: () => countRows(workspaceTags),
  },
  {
    route: 'POST /uploads',
    field: 'name',
    send: (value) =>
      api('POST', '/uploads', user, {
        name: `a${value}b.pdf`,
        size: 10,
        type: 'application/pdf',
        purpose: 'attachment',
      }),
    stored: () => countRows(files),
  },
  {
    route: 'POST /workspaces/:id/groups',
    field: 'name',
    send: (value) =>
      api('POST', `/workspaces/${workspaceId}/groups`, user, {
        name: `a${value}b`,
        memberIds: [user.id],
      }),
    stored: () => countRows(workspaceGroups),
  },
];

describe('characters that cannot be stored', () => {
  const table = cases.flatMap((entry) => [
    { ...entry, label: 'NUL', value: '\u0000' },
    { ...entry, label: 'lone surrogate', value: '\ud800' },
  ]);
  it.each(table)('$route: $field with a $label is refused with 400', async (entry) => {
    const before = await entry.stored();
    const response = await entry.send(entry.value);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { [entry.field]: message },
    });
    expect(await entry.stored()).toEqual(before);
  });

  it('keeps emoji and other well-formed text', async () => {
    const response = await api('PATCH', '/me', user, { firstname: 'ada 😀' });
    expect(response.statusCode).toBe(200);
    expect(response.json().firstname).toBe('Ada 😀');
  });
});
