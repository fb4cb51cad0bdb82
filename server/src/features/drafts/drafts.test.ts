import type { DraftDetail } from '@pactum/core/drafts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentAccess,
  documentEvents,
  draftSections,
  drafts,
  templateSections,
  templates,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { apiAs, createTemplate, createWorkspace } from '../../test/drafts-factories';
import { createUser, createUsers, type TestUser } from '../../test/factories';

let t: TestApp;
let author: TestUser;
let colleague: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [author, colleague, viewer, stranger, otherWorkspaceUser] = await createUsers(t.platform, 5);
  await createWorkspace(t.database.db, { memberIds: [otherWorkspaceUser.id] });
});
afterAll(() => t?.close());

const api = apiAs(() => t.app);

async function newDraft(user: TestUser, templateId?: string): Promise<DraftDetail> {
  const id = templateId ?? (await createTemplate(t.database.db, { createdBy: user.id })).id;
  const response = await api('POST', `/templates/${id}/drafts`, user);
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function share(draftId: string, userId: string, role: 'edit' | 'view') {
  await t.database.db.insert(documentAccess).values({
    collection: 'drafts',
    documentId: draftId,
    userId,
    role,
    party: 'sender',
  });
}

describe('a draft from a template', () => {
  it('copies the sections in order with their nesting, and the template’s price', async () => {
    const template = await createTemplate(t.database.db, { createdBy: author.id, price: 3 });
    const draft = await newDraft(author, template.id);
    expect(draft).toMatchObject({
      title: 'Supply agreement',
      templateId: template.id,
      templateTitle: 'Supply agreement',
      visibility: 'team',
      price: 3,
      canEdit: true,
      isCreator: true,
      sentAt: null,
      receivers: [],
      queue: null,
    });
    expect(draft.sections.map((s) => [s.number, s.title, s.type])).toEqual([
      ['', 'Parties', 'parties'],
      ['1', 'Delivery', 'normal'],
      ['1.1', 'Place', 'normal'],
      ['', 'Signers', 'signers'],
    ]);
    const delivery = draft.sections[1];
    expect(delivery?.content.map((c) => c.id)).toEqual(['a', 'b']);
    expect(delivery?.defaultContentId).toBe('b');
    expect(draft.sections[2]?.parentId).toBe(delivery?.id);
    const source = await t.database.db
      .select()
      .from(templateSections)
      .where(eq(templateSections.templateId, template.id));
    const copies = await t.database.db
      .select()
      .from(draftSections)
      .where(eq(draftSections.draftId, draft.id));
    expect(copies.map((c) => c.templateSectionId).sort()).toEqual(source.map((s) => s.id).sort());
    expect(copies.some((c) => source.some((s) => s.id === c.id))).toBe(false);

    const events = await t.database.db
      .select()
      .from(documentEvents)
      .where(and(eq(documentEvents.documentId, draft.id), eq(documentEvents.collection, 'drafts')));
    expect(events.map((e) => e.event).sort()).toEqual(['document-create', 'document-open']);
    // Opening it again soon after is not a new open.
    await api('GET', `/drafts/${draft.id}`, author);
    const again = await t.database.db
      .select()
      .from(documentEvents)
      .where(
        and(eq(documentEvents.documentId, draft.id), eq(documentEvents.event, 'document-open')),
      );
    expect(again).toHaveLength(1);
    // No send yet: no queue.
    expect((await api('GET', `/drafts/${draft.id}/queue`, author)).statusCode).toBe(404);
  });

  it('gives the creator edit access and copies the template’s access entries', async () => {
    const template = await createTemplate(t.database.db, { createdBy: author.id });
    const workspace = await createWorkspace(t.database.db, { memberIds: [colleague.id] });
    await t.database.db.insert(documentAccess).values([
      {
        collection: 'templates',
        documentId: template.id,
        userId: viewer.id,
        role: 'view',
      },
      { collection: 'templates', documentId: template.id, workspaceId: workspace.id, role: 'edit' },
    ]);
    const draft = await newDraft(viewer, template.id);
    const entries = await t.database.db
      .select()
      .from(documentAccess)
      .where(and(eq(documentAccess.collection, 'drafts'), eq(documentAccess.documentId, draft.id)));
    expect(
      entries.map((e) => ({
        userId: e.userId,
        workspaceId: e.workspaceId,
        role: e.role,
        party: e.party,
      })),
    ).toEqual(
      expect.arrayContaining([
        { userId: viewer.id, workspaceId: null, role: 'edit', party: 'sender' },
        { userId: author.id, workspaceId: null, role: 'edit', party: 'sender' },
        { userId: null, workspaceId: workspace.id, role: 'edit', party: 'sender' },
      ]),
    );
    expect(entries).toHaveLength(3);
    // The workspace member reaches the draft through the copied entry.
    expect((await api('GET', `/drafts/${draft.id}`, colleague)).statusCode).toBe(200);
  });

  it('does not copy access from a global template, which anyone may use', async () => {
    const template = await createTemplate(t.database.db, {
      createdBy: author.id,
      isGlobal: true,
    });
    await t.database.db.insert(documentAccess).values({
      collection: 'templates',
      documentId: template.id,
      userId: author.id,
      role: 'edit',
    });
    const draft = await newDraft(stranger, template.id);
    const entries = await t.database.db
      .select()
      .from(documentAccess)
      .where(and(eq(documentAccess.collection, 'drafts'), eq(documentAccess.documentId, draft.id)));
    expect(entries.map((e) => e.userId)).toEqual([stranger.id]);
    expect((await api('GET', `/drafts/${draft.id}`, author)).statusCode).toBe(404);
  });

  it('refuses a template the user cannot reach, a deleted one, and no session', async () => {
    const template = await createTemplate(t.database.db, { createdBy: author.id });
    expect((await api('POST', `/templates/${template.id}/drafts`, stranger)).statusCode).toBe(404);
    expect(
      (await api('POST', `/templates/${template.id}/drafts`, otherWorkspaceUser)).statusCode,
    ).toBe(404);
    expect((await api('POST', `/templates/${template.id}/drafts`, undefined)).statusCode).toBe(401);
    await t.database.db
      .update(templates)
      .set({ deletedAt: new Date() })
      .where(eq(templates.id, template.id));
    expect((await api('POST', `/templates/${template.id}/drafts`, author)).statusCode).toBe(404);
  });
});

describe('the drawer count', () => {
  it('counts the user’s drafts as they are made and deleted', async () => {
    const counter = await createUser(t.platform);
    const drafts = async () => (await api('GET', '/me', counter)).json().counts.drafts as number;
    expect(await drafts()).toBe(0);
    const first = await newDraft(counter);
    await newDraft(counter);
    expect(await drafts()).toBe(2);
    await api('DELETE', `/drafts/${first.id}`, counter);
    expect(await drafts()).toBe(1);
  });
});

describe('the draft list', () => {
  it('lists the drafts the user reaches, newest first, without deleted, sent and pdf ones', async () => {
    const lister = await createUser(t.platform);
    const first = await newDraft(lister);
    const second = await newDraft(lister);
    const sent = await newDraft(lister);
    const pdf = await newDraft(lister);
    const deleted = await newDraft(lister);
    const shared = await newDraft(author);
    await share(shared.id, lister.id, 'view');
    await newDraft(stranger);
    await t.database.db.update(drafts).set({ sentAt: new Date() }).where(eq(drafts.id, sent.id));
    await t.database.db.update(drafts).set({ dealProcess: 'pdf' }).where(eq(drafts.id, pdf.id));
    expect((await api('DELETE', `/drafts/${deleted.id}`, lister)).statusCode).toBe(204);
    await api('PATCH', `/drafts/${second.id}`, lister, {
      parties: {
        sender: { type: 'business', name: 'Seller Oy' },
        receiver: { type: 'business', name: '' },
      },
    });

    const response = await api('GET', '/drafts', lister);
    expect(response.statusCode).toBe(200);
    const rows = response.json().drafts as { id: string; senderName: string | null }[];
    expect(rows.map((r) => r.id)).toEqual([shared.id, second.id, first.id]);
    expect(rows[1]).toMatchObject({
      senderName: 'Seller Oy',
      receiverName: null,
      createdBy: { id: lister.id },
      tags: [],
    });
    expect(rows[2]?.senderName).toBeNull();
  });
});

describe('changing a draft', () => {
  it('lets an editor change it and refuses viewers, strangers and empty titles', async () => {
    const draft = await newDraft(author);
    await share(draft.id, colleague.id, 'edit');
    await share(draft.id, viewer.id, 'view');
    const changed = await api('PATCH', `/drafts/${draft.id}`, colleague, {
      title: 'Supply 2026',
      senderMessage: 'Please look',
      visibility: 'private',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Supply 2026',
      senderMessage: 'Please look',
      visibility: 'private',
      isCreator: false,
    });
    expect((await api('GET', `/drafts/${draft.id}`, viewer)).json()).toMatchObject({
      canEdit: false,
    });
    expect((await api('PATCH', `/drafts/${draft.id}`, viewer, { title: 'X' })).statusCode).toBe(
      403,
    );
    expect((await api('PATCH', `/drafts/${draft.id}`, stranger, { title: 'X' })).statusCode).toBe(
      404,
    );
    expect(
      (await api('PATCH', `/drafts/${draft.id}`, otherWorkspaceUser, { title: 'X' })).statusCode,
    ).toBe(404);
    expect((await api('GET', `/drafts/${draft.id}`, stranger)).statusCode).toBe(404);
    const empty = await api('PATCH', `/drafts/${draft.id}`, author, { title: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Title is required');
  });

  it('refuses a billing account the user is not a member of', async () => {
    const draft = await newDraft(author);
    const foreign = await createWorkspace(t.database.db, { memberIds: [stranger.id] });
    const response = await api('PATCH', `/drafts/${draft.id}`, author, {
      workspaceId: foreign.id,
    });
    expect(response.statusCode).toBe(404);
  });

  it('lets only the creator delete, and keeps the row as deleted', async () => {
    const draft = await newDraft(author);
    await share(draft.id, colleague.id, 'edit');
    const refused = await api('DELETE', `/drafts/${draft.id}`, colleague);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only the creator of a draft can delete it.');
    expect((await api('DELETE', `/drafts/${draft.id}`, stranger)).statusCode).toBe(404);
    expect((await api('DELETE', `/drafts/${draft.id}`, author)).statusCode).toBe(204);
    expect((await api('GET', `/drafts/${draft.id}`, author)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(drafts).where(eq(drafts.id, draft.id));
    expect(row?.deletedBy).toBe(author.id);
  });
});

describe('receivers', () => {
  it('stores e-mails trimmed, lower-cased, valid only and de-duplicated', async () => {
    const draft = await newDraft(author);
    const response = await api('PUT', `/drafts/${draft.id}/receivers`, author, {
      receivers: [
        {
          party: { type: 'business', name: 'Buyer Ab' },
          emails: [' Anna@Buyer.SE;', 'anna@buyer.se', 'nonsense', ',bo@buyer.se '],
        },
        { party: { type: 'person', name: 'Pia', email: 'pia@home.fi' }, emails: ['PIA@home.fi'] },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { receivers } = response.json() as DraftDetail;
    expect(receivers.map((r) => r.emails.map((e) => e.email))).toEqual([
      ['anna@buyer.se', 'bo@buyer.se'],
      ['pia@home.fi'],
    ]);
    // Saving again keeps the receiver and e-mail ids; a dropped receiver is removed.
    const [buyer] = receivers;
    const again = await api('PUT', `/drafts/${draft.id}/receivers`, author, {
      receivers: [
        {
          id: buyer?.id,
          party: { type: 'business', name: 'Buyer AB' },
          emails: ['anna@buyer.se', 'cy@buyer.se'],
        },
      ],
    });
    const saved = again.json().receivers as DraftDetail['receivers'];
    expect(saved).toHaveLength(1);
    expect(saved[0]?.id).toBe(buyer?.id);
    expect(saved[0]?.party.name).toBe('Buyer AB');
    expect(saved[0]?.emails[0]?.id).toBe(buyer?.emails[0]?.id);
    expect((await api('GET', `/drafts/${draft.id}`, author)).json().receivers).toHaveLength(1);
  });

  it('refuses viewers and strangers', async () => {
    const draft = await newDraft(author);
    await share(draft.id, viewer.id, 'view');
    const body = { receivers: [] };
    expect((await api('PUT', `/drafts/${draft.id}/receivers`, viewer, body)).statusCode).toBe(403);
    expect((await api('PUT', `/drafts/${draft.id}/receivers`, stranger, body)).statusCode).toBe(
      404,
    );
  });
});

describe('a template from a draft', () => {
  it('copies the draft’s sections into a new template the user can edit', async () => {
    const draft = await newDraft(author);
    await share(draft.id, viewer.id, 'view');
    const response = await api('POST', `/drafts/${draft.id}/template`, viewer, {
      title: 'My supply',
    });
    expect(response.statusCode).toBe(201);
    const { templateId } = response.json();
    const [template] = await t.database.db
      .select()
      .from(templates)
      .where(eq(templates.id, templateId));
    expect(template).toMatchObject({
      title: 'My supply',
      fromCollection: 'drafts',
      fromDocumentId: draft.id,
      createdBy: viewer.id,
      category: 'sales',
    });
    const sections = await t.database.db
      .select()
      .from(templateSections)
      .where(eq(templateSections.templateId, templateId));
    expect(sections.map((s) => s.title).sort()).toEqual([
      'Delivery',
      'Parties',
      'Place',
      'Signers',
    ]);
    const [access] = await t.database.db
      .select()
      .from(documentAccess)
      .where(
        and(eq(documentAccess.collection, 'templates'), eq(documentAccess.documentId, templateId)),
      );
    expect(access).toMatchObject({ userId: viewer.id, role: 'edit' });
    expect((await api('POST', `/drafts/${draft.id}/template`, stranger, {})).statusCode).toBe(404);
  });
});

describe('a draft shared with a workspace', () => {
  it('is read by that workspace’s members and refused to strangers and other workspaces’ members', async () => {
    const db = t.database.db;
    const [memberA, memberB] = await createUsers(t.platform, 2);
    const workspaceA = await createWorkspace(db, { memberIds: [memberA.id] });
    const workspaceB = await createWorkspace(db, { memberIds: [memberB.id] });
    const draft = await newDraft(author);
    await db.insert(documentAccess).values({
      collection: 'drafts',
      documentId: draft.id,
      workspaceId: workspaceA.id,
      role: 'view',
      party: 'sender',
    });
    const receivers = {
      receivers: [{ party: { type: 'business', name: 'Buyer Ab' }, emails: ['anna@buyer.se'] }],
    };

    // A's member reads it (and may copy it as a template), but as a viewer changes nothing.
    const read = await api('GET', `/drafts/${draft.id}`, memberA);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: draft.id, canEdit: false });
    expect((await api('POST', `/drafts/${draft.id}/template`, memberA, {})).statusCode).toBe(201);
    expect((await api('PUT', `/drafts/${draft.id}/receivers`, memberA, receivers)).statusCode).toBe(
      403,
    );

    for (const [outsider, workspaceId] of [
      [stranger, workspaceA.id],
      [memberB, workspaceB.id],
    ] as const) {
      expect((await api('GET', `/drafts/${draft.id}`, outsider)).statusCode).toBe(404);
      expect(
        (await api('PUT', `/drafts/${draft.id}/receivers`, outsider, receivers)).statusCode,
      ).toBe(404);
      expect((await api('DELETE', `/drafts/${draft.id}`, outsider)).statusCode).toBe(404);
      expect((await api('POST', `/drafts/${draft.id}/template`, outsider, {})).statusCode).toBe(
        404,
      );
      const sent = await api('POST', `/drafts/${draft.id}/send`, outsider, {
        workspaceId,
        dealProcess: 'negotiate',
        isConfirmed: true,
      });
      expect(sent.statusCode).toBe(404);
    }

    // Nothing changed: not deleted, not sent, no receivers, one template (A's member's).
    const [row] = await db.select().from(drafts).where(eq(drafts.id, draft.id));
    expect(row).toMatchObject({ deletedAt: null, sentAt: null });
    expect((await api('GET', `/drafts/${draft.id}`, author)).json().receivers).toEqual([]);
    const copies = await db.select().from(templates).where(eq(templates.fromDocumentId, draft.id));
    expect(copies.map((copy) => copy.createdBy)).toEqual([memberA.id]);
  });
});
