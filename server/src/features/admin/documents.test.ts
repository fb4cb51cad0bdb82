import type {
  adminDocumentDetailSchema,
  adminDocumentListSchema,
  chainCheckSchema,
} from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import type { DealState } from '@pactum/core/documents';
import type { SigningView } from '@pactum/core/signing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEvents,
  deals,
  documentAccess,
  documentEvents,
  drafts,
  workspaceGroups,
} from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { apiAs, createTemplate } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { signerInput, signRequest } from '../../test/signing-factories';

/*
 * The admin area's documents (issue 17): only product administrators list and open every deal
 * and draft, check a deal's audit chain (by a job) and restore a trashed deal with a reason.
 */

type DocumentList = Wire<typeof adminDocumentListSchema>;
type DocumentDetail = Wire<typeof adminDocumentDetailSchema>;
type ChainCheck = Wire<typeof chainCheckSchema>;

let t: TestApp;
let admin: TestUser;
let secondAdmin: TestUser;
let offDomainAdmin: TestUser;
let sender: TestUser;
let receiver: TestUser;
let plain: TestUser;
let workspaceId: string;
const api = apiAs(() => t.app);
const reason = { reason: 'Customer asked by e-mail, ticket 4711' };

beforeAll(async () => {
  t = await createTestApp();
  const stamp = Date.now();
  [admin, secondAdmin, offDomainAdmin, sender, receiver, plain] = await Promise.all([
    createUser(t.platform, { isAdmin: true, email: `staff-a-${stamp}@pactum.fi` }),
    createUser(t.platform, { isAdmin: true, email: `staff-b-${stamp}@pactum.fi` }),
    createUser(t.platform, { isAdmin: true }),
    createUser(t.platform),
    createUser(t.platform),
    createUser(t.platform),
  ]);
  workspaceId = await createWorkspaceWith(t.database.db, [sender], 'Sender Workspace Oy');
});
afterAll(() => t?.close());

const parties = (sender: string, receiver: string) => ({
  sender: { type: 'business' as const, name: sender },
  receiver: { type: 'business' as const, name: receiver },
});

/** A deal row as the list sees it (no sections, no access), sent by `sender`. */
async function insertDealRow(values: Partial<typeof deals.$inferInsert> & { title: string }) {
  const [deal] = await t.database.db
    .insert(deals)
    .values({
      process: 'negotiate',
      state: 'negotiate',
      parties: parties('Seller Oy', 'Buyer Ab'),
      sentBy: sender.id,
      ...values,
    })
    .returning();
  if (!deal) throw new Error('deal not created');
  return deal;
}

async function insertDraftRow(values: Partial<typeof drafts.$inferInsert> & { title: string }) {
  const [draft] = await t.database.db
    .insert(drafts)
    .values({ createdBy: sender.id, parties: parties('Seller Oy', ''), ...values })
    .returning();
  if (!draft) throw new Error('draft not created');
  return draft;
}

/** A draft made through the API from a new template: its creator's access and first events. */
async function apiDraft(title: string): Promise<string> {
  const template = await createTemplate(t.database.db, { createdBy: sender.id, title });
  const created = await api('POST', `/templates/${template.id}/drafts`, sender);
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { id: string }).id;
}

async function list(query: Record<string, string | number>): Promise<DocumentList> {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await api('GET', `/admin/documents?${params}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DocumentList;
}

const idsOf = (page: DocumentList) => page.items.map((item) => item.id);

async function detail(kind: 'deal' | 'draft', id: string): Promise<DocumentDetail> {
  const response = await api('GET', `/admin/documents/${kind}/${id}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DocumentDetail;
}

async function trashedDeal(title: string, state: DealState = 'negotiate') {
  const { deal } = await createDeal(t.database.db, { sender, receiver, title, state });
  const trashed = await api('POST', `/deals/${deal.id}/trash`, sender);
  expect(trashed.statusCode, trashed.body).toBe(200);
  return deal;
}

const restoreLines = (dealId: string) =>
  t.database.db.select().from(adminEvents).where(eq(adminEvents.targetId, dealId));

const restoreEvents = (dealId: string) =>
  t.database.db
    .select()
    .from(documentEvents)
    .where(
      and(eq(documentEvents.documentId, dealId), eq(documentEvents.event, 'document-restore')),
    );

const stateOf = async (dealId: string) =>
  (await t.database.db.select().from(deals).where(eq(deals.id, dealId)))[0]?.state;

describe('who may use the documents routes', () => {
  it('lets product administrators only: 403 for other admins and users (the sender too), 401 signed out', async () => {
    const deal = await trashedDeal('Access matrix deal');
    const draftId = await apiDraft('Access matrix draft');
    const routes = [
      { method: 'GET' as const, url: '/admin/documents?q=matrix', ok: 200 },
      { method: 'GET' as const, url: `/admin/documents/deal/${deal.id}`, ok: 200 },
      { method: 'GET' as const, url: `/admin/documents/draft/${draftId}`, ok: 200 },
      { method: 'POST' as const, url: `/admin/documents/deal/${deal.id}/chain-check`, ok: 202 },
      { method: 'POST' as const, url: `/deals/${deal.id}/restore`, body: reason, ok: 200 },
    ];
    for (const route of routes) {
      for (const user of [offDomainAdmin, plain, sender]) {
        const refused = await api(route.method, route.url, user, route.body);
        expect(refused.statusCode, `${route.url} ${user.email}`).toBe(403);
        expect(refused.json().error.code).toBe('forbidden');
      }
      const anonymous = await api(route.method, route.url, undefined, route.body);
      expect(anonymous.statusCode, route.url).toBe(401);
    }
    // Refused before the input is checked: a bad query or a missing reason is still a 403.
    expect((await api('GET', '/admin/documents?pageSize=7', plain)).statusCode).toBe(403);
    expect((await api('POST', `/deals/${deal.id}/restore`, sender, {})).statusCode).toBe(403);
    expect(await stateOf(deal.id)).toBe('trash');
    expect(await restoreLines(deal.id)).toEqual([]);

    for (const route of routes) {
      const allowed = await api(route.method, route.url, admin, route.body);
      expect(allowed.statusCode, `${route.url}: ${allowed.body}`).toBe(route.ok);
    }
    expect(await stateOf(deal.id)).toBe('negotiate');
  });
});

describe('the document list', () => {
  it('finds a deal by a part of its title, contract id, a party without accents, the sender’s e-mail or its id', async () => {
    const deal = await insertDealRow({
      title: 'Greenhouse Lease 2031',
      contractUid: 'PCT-88-ALPHA',
      parties: parties('Ärrävaara Oy', 'Kääpiökuusi Ab'),
      workspaceId,
    });
    const other = await insertDealRow({ title: 'Unrelated supply contract' });
    for (const q of ['greenhouse lea', 'pct-88-al', 'KAAPIOKUUSI', 'arravaara', deal.id]) {
      const page = await list({ q });
      expect(idsOf(page), q).toContain(deal.id);
      expect(idsOf(page), q).not.toContain(other.id);
    }
    const byEmail = await list({ q: sender.email, pageSize: 100 });
    expect(idsOf(byEmail)).toEqual(expect.arrayContaining([deal.id, other.id]));
    expect(byEmail.items.every((item) => item.createdBy?.id === sender.id)).toBe(true);
    // Someone else's e-mail finds none of the sender's documents.
    expect(idsOf(await list({ q: receiver.email }))).not.toContain(deal.id);

    const [row] = (await list({ q: 'pct-88-alpha' })).items;
    expect(row).toEqual({
      kind: 'deal',
      id: deal.id,
      title: 'Greenhouse Lease 2031',
      state: 'negotiate',
      process: 'negotiate',
      contractUid: 'PCT-88-ALPHA',
      senderName: 'Ärrävaara Oy',
      receiverName: 'Kääpiökuusi Ab',
      workspace: { id: workspaceId, title: 'Sender Workspace Oy' },
      createdBy: { id: sender.id, name: sender.name, email: sender.email },
      createdAt: deal.createdAt.toISOString(),
      modifiedAt: deal.modifiedAt.toISOString(),
    });
  });

  it('finds a draft by its title; sent and deleted drafts are not listed', async () => {
    const draftId = await apiDraft('Orchard maintenance draft');
    const sent = await insertDraftRow({ title: 'Orchard sent draft', sentAt: new Date() });
    const deleted = await insertDraftRow({ title: 'Orchard deleted draft', deletedAt: new Date() });
    const page = await list({ q: 'orchard' });
    expect(idsOf(page)).toEqual([draftId]);
    expect(page.items[0]).toMatchObject({
      kind: 'draft',
      title: 'Orchard maintenance draft',
      state: 'draft',
      process: 'negotiate',
      contractUid: '',
      createdBy: { id: sender.id, email: sender.email },
    });
    expect(idsOf(page)).not.toContain(sent.id);
    expect(idsOf(page)).not.toContain(deleted.id);
  });

  it('filters by kind, state, workspace and creation time', async () => {
    const inWorkspace = await insertDealRow({ title: 'Filterbox negotiating', workspaceId });
    const trashed = await insertDealRow({
      title: 'Filterbox trashed',
      state: 'trash',
      beforeTrashState: 'negotiate',
      createdAt: new Date('2024-03-10T12:00:00Z'),
    });
    const early = await insertDealRow({
      title: 'Filterbox early',
      state: 'signed',
      createdAt: new Date('2024-03-01T12:00:00Z'),
    });
    const draft = await insertDraftRow({ title: 'Filterbox draft', workspaceId });
    const ids = async (query: Record<string, string>) =>
      idsOf(await list({ q: 'filterbox', ...query })).sort();
    const sorted = (...values: string[]) => values.sort();

    expect(await ids({})).toEqual(sorted(inWorkspace.id, trashed.id, early.id, draft.id));
    expect(await ids({ kind: 'deal' })).toEqual(sorted(inWorkspace.id, trashed.id, early.id));
    expect(await ids({ kind: 'draft' })).toEqual([draft.id]);
    expect(await ids({ state: 'trash' })).toEqual([trashed.id]);
    expect(await ids({ state: 'draft' })).toEqual([draft.id]);
    expect(await ids({ state: 'draft', kind: 'deal' })).toEqual([]);
    expect(await ids({ workspaceId })).toEqual(sorted(inWorkspace.id, draft.id));
    expect(await ids({ from: '2024-03-05', to: '2024-03-20' })).toEqual([trashed.id]);
    expect(await ids({ to: '2024-03-05T00:00:00Z' })).toEqual([early.id]);
    expect(
      await ids({ from: '2024-03-01T12:00:00Z', to: '2024-03-10T12:00:00.001Z', kind: 'deal' }),
    ).toEqual(sorted(trashed.id, early.id));
  });

  it('pages over more than a page, newest change first, each row once', async () => {
    const base = Date.UTC(2025, 5, 1, 12, 0, 0);
    const made: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      const modifiedAt = new Date(base + index * 1000);
      const row =
        index % 3 === 0
          ? await insertDraftRow({ title: `Pagerun item ${index}`, modifiedAt })
          : await insertDealRow({ title: `Pagerun item ${index}`, modifiedAt });
      made.push(row.id);
    }
    const first = await list({ q: 'pagerun' });
    expect(first).toMatchObject({ page: 1, pageSize: 25, hasMore: true });
    expect(first.items).toHaveLength(25);
    const second = await list({ q: 'pagerun', page: 2 });
    expect(second).toMatchObject({ page: 2, pageSize: 25, hasMore: false });
    expect(second.items).toHaveLength(5);
    // Newest change first, across deals and drafts alike.
    expect([...idsOf(first), ...idsOf(second)]).toEqual([...made].reverse());
    const big = await list({ q: 'pagerun', pageSize: 50 });
    expect(big.hasMore).toBe(false);
    expect(big.items).toHaveLength(30);
    expect((await list({ q: 'pagerun', page: 3 })).items).toEqual([]);
  });

  it('takes LIKE wildcards in the text literally', async () => {
    const percent = await insertDealRow({ title: 'Wildcard 7%7 deal' });
    const letter = await insertDealRow({ title: 'Wildcard 7x7 deal' });
    const underscore = await insertDealRow({ title: 'Wildcard 8_8 deal' });
    const other = await insertDealRow({ title: 'Wildcard 8y8 deal' });
    const backslash = await insertDealRow({ title: 'Wildcard 9\\9 deal' });
    expect(idsOf(await list({ q: '7%7' }))).toEqual([percent.id]);
    expect(idsOf(await list({ q: '8_8' }))).toEqual([underscore.id]);
    expect(idsOf(await list({ q: '9\\9' }))).toEqual([backslash.id]);
    expect(idsOf(await list({ q: 'wildcard' })).sort()).toEqual(
      [percent.id, letter.id, underscore.id, other.id, backslash.id].sort(),
    );
  });

  it('refuses a page size or state it does not know', async () => {
    for (const query of ['pageSize=30', 'state=archived', 'kind=template', 'page=0', 'from=soon']) {
      const response = await api('GET', `/admin/documents?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});

describe('a document’s page', () => {
  it('shows a deal’s access rows, its signers as they sign, and both parties’ events', async () => {
    const [receiverColleague, unknown] = await Promise.all([
      createUser(t.platform),
      createUser(t.platform),
    ]);
    const { deal, sections } = await createDeal(t.database.db, {
      sender,
      receiver,
      title: 'Detail page deal',
      state: 'negotiate',
      workspaceAccess: { workspaceId, role: 'view' },
      isAgreedByReceiver: true,
    });
    const [group] = await t.database.db
      .insert(workspaceGroups)
      .values({ workspaceId, name: 'Legal team' })
      .returning();
    if (!group) throw new Error('group not created');
    await t.database.db.insert(documentAccess).values([
      {
        collection: 'deals',
        documentId: deal.id,
        groupId: group.id,
        role: 'view',
        party: 'sender',
      },
      {
        collection: 'deals',
        documentId: deal.id,
        userId: receiverColleague.id,
        role: 'view',
        party: 'receiver',
      },
    ]);
    // An internal comment on each side: events only that party sees in the product.
    const sectionId = sections[1]?.id ?? '';
    for (const [user, content] of [
      [sender, 'Sender side note'],
      [receiver, 'Receiver side note'],
    ] as const) {
      const comment = await api('POST', `/deals/${deal.id}/comments`, user, { sectionId, content });
      expect(comment.statusCode, comment.body).toBe(201);
    }
    const started = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerInput(sender, 'sender', '+358409100001')],
    });
    expect(started.statusCode, started.body).toBe(200);
    const named = await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerInput(receiver, 'receiver', '+358409100002')],
    });
    expect(named.statusCode, named.body).toBe(200);
    const senderSigner = (named.json() as SigningView).signers.find((s) => s.party === 'sender');
    const signed = await api(
      'POST',
      `/deals/${deal.id}/signers/${senderSigner?.id}/sign`,
      sender,
      signRequest('Sender signs'),
    );
    expect(signed.statusCode, signed.body).toBe(200);

    const page = await detail('deal', deal.id);
    expect(page).toMatchObject({
      kind: 'deal',
      id: deal.id,
      title: 'Detail page deal',
      state: 'in-signing',
      beforeTrashState: null,
      signedAt: null,
      draftId: null,
      chainCheck: null,
    });
    const accessOf = page.access.map((entry) => ({
      who: entry.user?.email ?? entry.workspace?.title ?? entry.group?.name,
      role: entry.role,
      party: entry.party,
    }));
    expect(accessOf).toEqual(
      expect.arrayContaining([
        { who: sender.email, role: 'edit', party: 'sender' },
        { who: receiver.email, role: 'edit', party: 'receiver' },
        { who: receiverColleague.email, role: 'view', party: 'receiver' },
        { who: 'Sender Workspace Oy', role: 'view', party: 'sender' },
        { who: 'Legal team', role: 'view', party: 'sender' },
      ]),
    );
    expect(page.access.find((entry) => entry.group)?.group).toEqual({
      id: group.id,
      name: 'Legal team',
    });
    expect(page.access.find((entry) => entry.workspace)?.workspace).toEqual({
      id: workspaceId,
      title: 'Sender Workspace Oy',
    });
    expect(page.access.some((entry) => entry.user?.id === unknown.id)).toBe(false);

    const signersOf = page.signers.map((signer) => ({
      party: signer.party,
      email: signer.email,
      state: signer.state,
      isSigned: signer.signedAt !== null,
      revokedAt: signer.revokedAt,
    }));
    expect(signersOf).toEqual([
      { party: 'sender', email: sender.email, state: 'signed', isSigned: true, revokedAt: null },
      { party: 'receiver', email: receiver.email, state: 'new', isSigned: false, revokedAt: null },
    ]);

    const comments = page.events.filter((event) => event.event === 'section-internal-thread');
    expect(comments.map((event) => [event.party, event.user?.email]).sort()).toEqual(
      [
        ['receiver', receiver.email],
        ['sender', sender.email],
      ].sort(),
    );
    expect(page.events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['signign-start', 'document-sign']),
    );
    // Newest first, every event of the deal.
    const stored = await t.database.db
      .select()
      .from(documentEvents)
      .where(eq(documentEvents.documentId, deal.id));
    expect(page.events).toHaveLength(stored.length);
    const seqs = page.events.map((event) => event.seq ?? 0);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  });

  it('shows a draft with its access and events, and links a sent draft’s deal', async () => {
    const draftId = await apiDraft('Draft page draft');
    const page = await detail('draft', draftId);
    expect(page).toMatchObject({
      kind: 'draft',
      id: draftId,
      title: 'Draft page draft',
      state: 'draft',
      process: 'negotiate',
      createdBy: { id: sender.id, email: sender.email },
      draftId: null,
      signers: [],
      chainCheck: null,
    });
    expect(page.access.map((entry) => [entry.user?.id, entry.role])).toEqual([[sender.id, 'edit']]);
    expect(page.events.length).toBeGreaterThan(0);
    expect(page.events.every((event) => event.user === null || event.user.id === sender.id)).toBe(
      true,
    );

    const sent = await insertDraftRow({ title: 'A sent draft', sentAt: new Date() });
    const deal = await insertDealRow({ title: 'Its deal', draftId: sent.id });
    expect((await detail('draft', sent.id)).draftId).toBe(deal.id);
    expect((await detail('deal', deal.id)).draftId).toBe(sent.id);
  });

  it('answers 404 for an unknown document or the wrong kind', async () => {
    const deal = await insertDealRow({ title: 'Kind check deal' });
    for (const url of [
      '/admin/documents/deal/00000000-0000-4000-8000-000000000000',
      '/admin/documents/draft/00000000-0000-4000-8000-000000000000',
      `/admin/documents/draft/${deal.id}`,
      '/admin/documents/deal/00000000-0000-4000-8000-000000000000/chain-check',
    ]) {
      const method = url.endsWith('chain-check') ? 'POST' : 'GET';
      const response = await api(method, url, admin);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await api('GET', `/admin/documents/template/${deal.id}`, admin)).statusCode).toBe(400);
  });
});

describe('the audit chain check', () => {
  const checked = (dealId: string) =>
    eventually(async () => {
      const check = (await detail('deal', dealId)).chainCheck;
      return check && check.status !== 'queued' ? check : undefined;
    });

  it('is queued by the request and run by a job: valid, then broken where an event was changed', async () => {
    const { deal, sections } = await createDeal(t.database.db, {
      sender,
      receiver,
      title: 'Chain check deal',
      state: 'negotiate',
    });
    const sectionId = sections[1]?.id ?? '';
    for (const user of [sender, receiver, sender]) {
      const comment = await api('POST', `/deals/${deal.id}/comments`, user, {
        sectionId,
        content: `Note by ${user.email}`,
      });
      expect(comment.statusCode, comment.body).toBe(201);
    }
    const queued = await api('POST', `/admin/documents/deal/${deal.id}/chain-check`, admin);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toMatchObject({
      status: 'queued',
      count: null,
      brokenSeq: null,
      brokenReason: null,
      checkedAt: null,
    });
    const valid = await checked(deal.id);
    expect(valid).toMatchObject({ status: 'valid', count: 3, brokenSeq: null, brokenReason: null });
    expect(valid.checkedAt).not.toBeNull();

    // Someone with database access changes the second event.
    await t.database.db
      .update(documentEvents)
      .set({ data: { content: 'Rewritten later' } })
      .where(and(eq(documentEvents.documentId, deal.id), eq(documentEvents.seq, 2)));
    const again = await api('POST', `/admin/documents/deal/${deal.id}/chain-check`, admin);
    expect(again.statusCode).toBe(202);
    expect((again.json() as ChainCheck).status).toBe('queued');
    // The job runs as soon as the request's transaction commits: the detail may already show
    // its verdict, never the earlier one.
    expect(['queued', 'broken']).toContain((await detail('deal', deal.id)).chainCheck?.status);
    expect(await checked(deal.id)).toMatchObject({
      status: 'broken',
      count: 3,
      brokenSeq: 2,
      brokenReason: 'hash-mismatch',
    });
    // Checking is not an admin action: nothing in the admin log.
    expect(await restoreLines(deal.id)).toEqual([]);
  });
});

describe('restoring a trashed deal', () => {
  it('brings it back to its state before trash, with the reason logged, into both parties’ lists', async () => {
    const deal = await trashedDeal('Restore me deal', 'negotiate');
    const groupIds = async (user: TestUser, group: string) => {
      const response = await api('GET', `/deals?group=${group}&pageSize=100`, user);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { deals: { id: string }[] }).deals.map((one) => one.id);
    };
    expect(await groupIds(sender, 'trash')).toContain(deal.id);
    expect(await groupIds(sender, 'negotiate')).not.toContain(deal.id);
    const before = await detail('deal', deal.id);
    expect(before).toMatchObject({ state: 'trash', beforeTrashState: 'negotiate' });

    const restored = await api('POST', `/deals/${deal.id}/restore`, admin, reason);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ id: deal.id, state: 'negotiate' });
    expect(await detail('deal', deal.id)).toMatchObject({
      state: 'negotiate',
      beforeTrashState: null,
    });
    for (const user of [sender, receiver]) {
      expect(await groupIds(user, 'negotiate')).toContain(deal.id);
      expect(await groupIds(user, 'trash')).not.toContain(deal.id);
    }
    const lines = await restoreLines(deal.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      adminId: admin.id,
      action: 'deal.restored',
      targetKind: 'deal',
      targetId: deal.id,
      targetLabel: 'Restore me deal',
      reason: reason.reason,
      data: { restoredState: 'negotiate' },
    });
    const events = await restoreEvents(deal.id);
    expect(events.map((event) => [event.userId, event.data])).toEqual([
      [admin.id, { restoredState: 'negotiate' }],
    ]);
  });

  it('restores once when two admins restore at the same time', async () => {
    const deal = await trashedDeal('Raced restore deal', 'new');
    const answers = await Promise.all(
      [admin, secondAdmin].map((who) =>
        api('POST', `/deals/${deal.id}/restore`, who, { reason: `Restored by ${who.email}` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect(loser?.json().error.code).toBe('not_trashed');
    expect(await stateOf(deal.id)).toBe('new');
    expect(await restoreLines(deal.id)).toHaveLength(1);
    expect(await restoreEvents(deal.id)).toHaveLength(1);
  });

  it('needs a reason: without one nothing changes', async () => {
    const deal = await trashedDeal('Reasonless restore deal');
    for (const body of [undefined, {}, { reason: '  ' }, { reason: 'ab' }]) {
      const refused = await api('POST', `/deals/${deal.id}/restore`, admin, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    expect(await stateOf(deal.id)).toBe('trash');
    expect(await restoreLines(deal.id)).toEqual([]);
    expect(await restoreEvents(deal.id)).toEqual([]);
  });

  it('refuses a deal that is not trashed (409) and an unknown one (404)', async () => {
    const { deal } = await createDeal(t.database.db, { sender, receiver, state: 'negotiate' });
    const refused = await api('POST', `/deals/${deal.id}/restore`, admin, reason);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'not_trashed',
      message: 'Only a trashed document can be restored.',
    });
    const unknown = await api(
      'POST',
      '/deals/00000000-0000-4000-8000-000000000000/restore',
      admin,
      reason,
    );
    expect(unknown.statusCode).toBe(404);
    expect(await restoreLines(deal.id)).toEqual([]);
  });
});
