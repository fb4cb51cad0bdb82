import type { DealDetail, DealSection, DealSectionChange } from '@pactum/core/deals';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealInvites,
  dealSigners,
  deals,
  documentEvents,
  notifications,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith, type MadeDeal } from '../../test/deal-factory';
import { createUser, type TestUser } from '../../test/factories';
import { openLive } from '../../test/live-client';
import { pdfText } from '../../test/pdf-tools';

let t: TestApp;
let sender: TestUser;
let senderViewer: TestUser;
let receiver: TestUser;
let receiverColleague: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
let workspaceColleague: TestUser;
let senderWorkspaceId: string;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL_DOMAINS: 'pactum.fi' } });
  const make = () => createUser(t.platform);
  [
    sender,
    senderViewer,
    receiver,
    receiverColleague,
    stranger,
    otherWorkspaceUser,
    workspaceColleague,
  ] = await Promise.all([make(), make(), make(), make(), make(), make(), make()]);
  senderWorkspaceId = await createWorkspaceWith(t.database.db, [sender, workspaceColleague]);
  await createWorkspaceWith(t.database.db, [otherWorkspaceUser]);
});
afterAll(() => t?.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  user: TestUser | undefined,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** A fresh deal: sender and receiver with edit, a sender viewer, the sender's workspace (view). */
function makeDeal(overrides: Partial<Parameters<typeof createDeal>[1]> = {}): Promise<MadeDeal> {
  return createDeal(t.database.db, {
    sender,
    receiver,
    others: [
      { user: senderViewer, party: 'sender', role: 'view' },
      { user: receiverColleague, party: 'receiver', role: 'edit' },
    ],
    workspaceAccess: { workspaceId: senderWorkspaceId, role: 'view' },
    ...overrides,
  });
}

async function detail(dealId: string, user: TestUser): Promise<DealDetail> {
  const response = await call('GET', `/api/v1/deals/${dealId}`, user);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const nameOf = (user: TestUser) => `${user.firstname} ${user.lastname}`;

/** The Payment section (second ordinary section) of a made deal. */
const payment = (made: MadeDeal) => {
  const section = made.sections.find((s) => s.title === 'Payment');
  if (!section) throw new Error('no payment section');
  return section;
};

describe('reading a deal', () => {
  it('gives each party its own view, read-only without edit access, 404 without access', async () => {
    const made = await makeDeal();
    const asSender = await detail(made.deal.id, sender);
    expect(asSender).toMatchObject({
      myParty: 'sender',
      role: 'edit',
      canEdit: true,
      canTrash: true,
      canEditSettings: true,
      // The receiver has agreed to none of the sender's sections yet.
      canStartSigning: false,
      state: 'new',
      home: 'negotiate',
      counts: { original: 3, agreed: 0, editedByYou: 0, editedByOther: 0, total: 3 },
      progress: 0,
      progressColour: 'grey',
    });
    expect(asSender.contractUid).toBe(`DSACMBET${made.deal.id.slice(0, 4)}`.toUpperCase());
    expect(asSender.sections.map((s) => [s.type, s.number, s.title])).toEqual([
      ['parties', '', 'Parties'],
      ['normal', '1', 'Scope'],
      ['normal', '2', 'Payment'],
      ['normal', '3', 'Term'],
    ]);
    const senderPayment = asSender.sections[2] as DealSection;
    expect(senderPayment).toMatchObject({
      state: 'sent',
      chip: { text: 'Sent', partyName: 'Acme Oy' },
      canEdit: true,
      canAgree: false,
    });

    const asReceiver = await detail(made.deal.id, receiver);
    expect(asReceiver).toMatchObject({
      myParty: 'receiver',
      canEdit: true,
      canTrash: false,
      canEditSettings: false,
      // Every section is the sender's version: starting is the receiver's consent to them.
      canStartSigning: true,
    });
    expect(asReceiver.sections[2]).toMatchObject({ canAgree: true, canEdit: true });

    const asViewer = await detail(made.deal.id, senderViewer);
    expect(asViewer).toMatchObject({
      myParty: 'sender',
      role: 'view',
      canEdit: false,
      canTrash: false,
      canStartSigning: false,
    });
    expect(asViewer.sections.every((s) => !s.canEdit && !s.canAgree && !s.canDelete)).toBe(true);

    // A member of the sender's workspace reads through the workspace's access, read-only.
    expect(await detail(made.deal.id, workspaceColleague)).toMatchObject({
      role: 'view',
      canEdit: false,
    });

    for (const outsider of [stranger, otherWorkspaceUser]) {
      const response = await call('GET', `/api/v1/deals/${made.deal.id}`, outsider);
      expect(response.statusCode).toBe(404);
    }
    expect((await call('GET', `/api/v1/deals/${made.deal.id}`, undefined)).statusCode).toBe(401);
  });
});

describe('permissions on every deal route', () => {
  type Route = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown };

  function routes(made: MadeDeal): { reads: Route[]; writes: Route[]; senderOnly: Route[] } {
    const d = made.deal.id;
    const section = payment(made);
    const s = `/api/v1/deals/${d}/sections/${section.id}`;
    const contentId = section.defaultContentId;
    return {
      reads: [
        { method: 'GET', url: `/api/v1/deals/${d}` },
        { method: 'GET', url: `/api/v1/deals/${d}/events` },
        { method: 'GET', url: `/api/v1/deals/${d}/pdf` },
        { method: 'GET', url: `${s}/versions` },
        { method: 'GET', url: `${s}/redline?from=${contentId}&to=${contentId}` },
      ],
      writes: [
        { method: 'POST', url: `${s}/lock` },
        { method: 'DELETE', url: `${s}/lock` },
        { method: 'PUT', url: s, body: { title: 'Payment', html: '<p>x</p>', baseLogLength: 1 } },
        { method: 'POST', url: `${s}/agree`, body: { baseLogLength: 1 } },
        { method: 'POST', url: `${s}/reopen`, body: { baseLogLength: 1 } },
        { method: 'POST', url: `/api/v1/deals/${d}/sections`, body: { title: 'New' } },
        { method: 'DELETE', url: s },
      ],
      senderOnly: [
        { method: 'PATCH', url: `/api/v1/deals/${d}`, body: { title: 'Renamed' } },
        { method: 'POST', url: `/api/v1/deals/${d}/trash` },
      ],
    };
  }

  it('refuses a stranger and a user of another workspace everywhere with 404', async () => {
    const made = await makeDeal();
    const { reads, writes, senderOnly } = routes(made);
    for (const user of [stranger, otherWorkspaceUser]) {
      for (const route of [...reads, ...writes, ...senderOnly]) {
        const response = await call(route.method, route.url, user, route.body);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      }
    }
    // Without a session: 401.
    for (const route of [...reads, ...writes, ...senderOnly]) {
      const response = await call(route.method, route.url, undefined, route.body);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('lets view access read but not write (403), also through a workspace', async () => {
    const made = await makeDeal();
    const { reads, writes, senderOnly } = routes(made);
    for (const user of [senderViewer, workspaceColleague]) {
      for (const route of reads) {
        const response = await call(route.method, route.url, user, route.body);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(200);
      }
      for (const route of [...writes, ...senderOnly]) {
        const response = await call(route.method, route.url, user, route.body);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
    // Nothing changed.
    const after = await detail(made.deal.id, sender);
    expect(after.sections.length).toBe(4);
    expect(after.sections.every((s) => s.state === 'sent' && s.lockedBy === null)).toBe(true);
  });

  it('never lets a receiver act as the sender: settings and trash are refused', async () => {
    const made = await makeDeal();
    const { senderOnly } = routes(made);
    for (const user of [receiver, receiverColleague]) {
      for (const route of senderOnly) {
        const response = await call(route.method, route.url, user, route.body);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
    const [row] = await t.database.db.select().from(deals).where(eq(deals.id, made.deal.id));
    expect(row).toMatchObject({ title: 'Service agreement', state: 'new' });
  });

  it('reads and writes of the parties with edit access succeed', async () => {
    const made = await makeDeal();
    const { reads } = routes(made);
    for (const user of [sender, receiver]) {
      for (const route of reads) {
        const response = await call(route.method, route.url, user, route.body);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(200);
      }
    }
    const pdf = await call('GET', `/api/v1/deals/${made.deal.id}/pdf`, receiver);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('Open PDF prints the current text in any script, marked as an unsigned copy', async () => {
    const made = await makeDeal();
    const section = payment(made);
    const url = `/api/v1/deals/${made.deal.id}/sections/${section.id}`;
    expect((await call('POST', `${url}/lock`, receiver)).statusCode).toBe(200);
    const saved = await call('PUT', url, receiver, {
      title: 'Maksu – Оплата',
      html: '<p>Lasku maksetaan 14 päivässä; пени 5 %, Ωmega “ok”.</p>',
      baseLogLength: 1,
    });
    expect(saved.statusCode).toBe(200);
    const pdf = await call('GET', `/api/v1/deals/${made.deal.id}/pdf`, sender);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="/);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Service agreement');
    expect(text).toContain('Maksu – Оплата');
    expect(text).toContain('пени 5 %, Ωmega “ok”');
    expect(text).toContain('it is not signed');
    expect(text).not.toContain('?');
  });
});

describe('negotiating a section', () => {
  it('counter, agree, reopen: states, log, versions, redline, counts and progress', async () => {
    const made = await makeDeal();
    const d = made.deal.id;
    const section = payment(made);
    const url = `/api/v1/deals/${d}/sections/${section.id}`;

    // The receiver opens the section; the sender cannot open it meanwhile.
    const locked = await call('POST', `${url}/lock`, receiver);
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({
      section: { isLockedByMe: true, lockedBy: { id: receiver.id }, number: '2' },
      unlockedSectionIds: [],
    });
    const busy = await call('POST', `${url}/lock`, sender);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe(`Locked by ${nameOf(receiver)}`);
    expect((await detail(d, sender)).sections[2]).toMatchObject({
      lockedBy: { name: nameOf(receiver) },
      canEdit: false,
      canAgree: false,
    });

    // Unchanged text: 'No changes to save.'
    const same = await call('PUT', url, receiver, {
      title: 'Payment',
      html: '<p>Invoices are paid in 30 days.</p>',
      baseLogLength: 1,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe('No changes to save.');

    const saved = await call('PUT', url, receiver, {
      title: 'Payment',
      html: '<p>Invoices are paid in 14 days.</p><script>alert(1)</script><p onclick="x()">Late fee 5 %.</p>',
      baseLogLength: 1,
    });
    expect(saved.statusCode).toBe(200);
    const change = saved.json() as DealSectionChange;
    const countered = change.section;
    // The answer carries the deal's figures as the save left them, not a re-read deal.
    expect(change.deal).toMatchObject({
      state: 'negotiate',
      counts: { editedByYou: 1, total: 3 },
      negotiationStats: { approved: 0, open: 3 },
    });
    expect(countered).toMatchObject({
      state: 'countered',
      stateParty: 'receiver',
      lockedBy: null,
      chip: { kind: 'countered', text: 'New version created', partyName: 'Beta Ab' },
    });
    // Only the current version travels with the section; the versions have their own route.
    expect(countered).not.toHaveProperty('content');
    expect(countered.versionCount).toBe(2);
    const listed = (await call('GET', `${url}/versions`, receiver)).json() as {
      versions: { contentId: string; isCurrent: boolean }[];
    };
    expect(listed.versions.at(-1)).toMatchObject({
      contentId: countered.defaultContentId,
      isCurrent: true,
    });
    expect(countered.html).toBe('<p>Invoices are paid in 14 days.</p><p>Late fee 5 %.</p>');
    expect(countered.log.at(-1)).toMatchObject({
      state: 'countered',
      party: 'receiver',
      userId: receiver.id,
      contentId: countered.defaultContentId,
      userName: nameOf(receiver),
    });

    // The receiver is not offered agree to its own version; the sender is.
    const selfAgree = await call('POST', `${url}/agree`, receiver, { baseLogLength: 2 });
    expect(selfAgree.statusCode).toBe(409);
    expect(selfAgree.json().error.message).toBe('You cannot agree to this section now.');
    const senderView = await detail(d, sender);
    expect(senderView).toMatchObject({
      state: 'negotiate',
      counts: { original: 2, editedByOther: 1, editedByYou: 0, total: 3 },
      // Scope and Term are still as the sender sent them, never agreed by the receiver.
      canStartSigning: false,
    });
    expect(senderView.sections[2]).toMatchObject({ canAgree: true });
    // The receiver's new version is not agreed by the sender: the receiver may not start either.
    expect((await detail(d, receiver)).canStartSigning).toBe(false);
    expect((await detail(d, receiver)).counts).toMatchObject({ editedByYou: 1, editedByOther: 0 });

    // Versions and the redline the sender reads before agreeing.
    const versions = (await call('GET', `${url}/versions`, sender)).json().versions;
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({ index: 1, party: 'sender', isCurrent: false });
    expect(versions[1]).toMatchObject({
      index: 2,
      party: 'receiver',
      userName: nameOf(receiver),
      isCurrent: true,
    });
    const redline = await call(
      'GET',
      `${url}/redline?from=${versions[0].contentId}&to=${versions[1].contentId}`,
      sender,
    );
    expect(redline.statusCode).toBe(200);
    expect(redline.json().html).toContain('<del>30</del><ins>14</ins>');
    expect(redline.json().html).toContain('<ins>');
    expect(redline.json().html).not.toContain('script');
    const unknownVersion = await call(
      'GET',
      `${url}/redline?from=nope&to=${versions[1].contentId}`,
      sender,
    );
    expect(unknownVersion.statusCode).toBe(404);

    // Agreeing to a version the client did not see is refused.
    const blind = await call('POST', `${url}/agree`, sender, { baseLogLength: 1 });
    expect(blind.statusCode).toBe(409);
    const agreed = await call('POST', `${url}/agree`, sender, { baseLogLength: 2 });
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json()).toMatchObject({
      section: { state: 'agreed', chip: { text: 'Agreed', partyName: 'Acme Oy' } },
      deal: {
        counts: { agreed: 1, total: 3 },
        negotiationStats: { approved: 1, open: 2 },
        progress: 33,
        progressColour: 'blue',
      },
    });
    const afterAgree = await detail(d, receiver);
    expect(afterAgree).toMatchObject({
      counts: { agreed: 1, total: 3 },
      negotiationStats: { approved: 1, open: 2 },
      progress: 33,
      progressColour: 'blue',
      canStartSigning: true,
    });
    expect(afterAgree.sections[2]).toMatchObject({
      canReopen: true,
      canEdit: false,
      canDelete: false,
    });

    // An agreed section is not edited until reopened.
    const editAgreed = await call('PUT', url, receiver, {
      title: 'Payment',
      html: '<p>7 days</p>',
      baseLogLength: 3,
    });
    expect(editAgreed.statusCode).toBe(409);
    const reopened = await call('POST', `${url}/reopen`, receiver, { baseLogLength: 3 });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({
      section: {
        state: null,
        chip: { kind: 'reopened', text: 'Reopened', partyName: 'Beta Ab' },
        canAgree: true,
      },
      deal: { counts: { agreed: 0 }, progress: 0 },
    });
    expect((await detail(d, sender)).sections[2]).toMatchObject({ canAgree: false, canEdit: true });
    const reopenAgain = await call('POST', `${url}/reopen`, receiver, { baseLogLength: 4 });
    expect(reopenAgain.statusCode).toBe(409);

    // The events of the actions, each with its section; notifications for the other party.
    const events = await t.database.db
      .select()
      .from(documentEvents)
      .where(eq(documentEvents.documentId, d));
    expect(events.map((e) => e.event).sort()).toEqual([
      'section-agree',
      'section-edit',
      'section-reopen',
    ]);
    expect(events.find((e) => e.event === 'section-edit')?.data).toMatchObject({
      actorParty: 'receiver',
      sectionTitle: 'Payment',
      contentSnippet: 'Invoices are paid in 14 days. Late fee 5 %.',
    });
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.documentId, d));
    const byUser = (user: TestUser) =>
      rows
        .filter((n) => n.userId === user.id)
        .map((n) => n.event)
        .sort();
    expect(byUser(sender)).toEqual(['section-edit', 'section-reopen']);
    expect(byUser(senderViewer)).toEqual(['section-edit', 'section-reopen']);
    expect(byUser(receiver)).toEqual(['section-agree']);
    expect(byUser(receiverColleague)).toEqual(['section-agree']);
  });

  it('a rename alone is a new version whose title change the other party sees', async () => {
    const made = await makeDeal();
    const url = `/api/v1/deals/${made.deal.id}/sections/${payment(made).id}`;
    const renamed = await call('PUT', url, receiver, {
      title: 'Payment terms',
      html: '<p>Invoices are paid in 30 days.</p>',
      baseLogLength: 1,
    });
    expect(renamed.statusCode).toBe(200);
    const versions = await call('GET', `${url}/versions`, sender);
    const list = versions.json().versions as { contentId: string; title: string }[];
    expect(list.map((v) => v.title)).toEqual(['Payment', 'Payment terms']);
    const [first, second] = list;
    const redline = await call(
      'GET',
      `${url}/redline?from=${first?.contentId}&to=${second?.contentId}`,
      sender,
    );
    expect(redline.json()).toMatchObject({
      html: 'Invoices are paid in 30 days.',
      titleHtml: 'Payment<ins> terms</ins>',
    });
    const same = await call(
      'GET',
      `${url}/redline?from=${first?.contentId}&to=${first?.contentId}`,
      sender,
    );
    expect(same.json().titleHtml).toBeNull();
  });

  it('one section in edit at a time; cancel unlocks; another user’s lock stays', async () => {
    const made = await makeDeal();
    const base = `/api/v1/deals/${made.deal.id}/sections`;
    const [, scope, pay] = made.sections;
    expect((await call('POST', `${base}/${scope?.id}/lock`, receiver)).statusCode).toBe(200);
    const second = await call('POST', `${base}/${pay?.id}/lock`, receiver);
    expect(second.statusCode).toBe(200);
    // The answer names the section the new lock let go of, so the page can update both.
    expect(second.json()).toMatchObject({ unlockedSectionIds: [scope?.id] });
    const view = await detail(made.deal.id, receiver);
    expect(view.sections.filter((s) => s.isLockedByMe).map((s) => s.id)).toEqual([pay?.id]);
    // The sender's cancel does not release the receiver's lock.
    await call('DELETE', `${base}/${pay?.id}/lock`, sender);
    expect((await detail(made.deal.id, sender)).sections[2]?.lockedBy?.id).toBe(receiver.id);
    const cancelled = await call('DELETE', `${base}/${pay?.id}/lock`, receiver);
    expect(cancelled.json().section).toMatchObject({ lockedBy: null, isLockedByMe: false });
  });

  it('two users saving the same section at once: one wins, the other gets 409', async () => {
    const made = await makeDeal();
    const url = `/api/v1/deals/${made.deal.id}/sections/${payment(made).id}`;
    const [first, second] = await Promise.all([
      call('PUT', url, receiver, {
        title: 'Payment',
        html: '<p>Paid in 10 days.</p>',
        baseLogLength: 1,
      }),
      call('PUT', url, receiverColleague, {
        title: 'Payment',
        html: '<p>Paid in 20 days.</p>',
        baseLogLength: 1,
      }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error.message).toBe(
      'This section was changed by someone else meanwhile. Your text is kept in the editor: copy it, reload the section and try again.',
    );
    const section = (await detail(made.deal.id, sender)).sections[2];
    expect(section?.versionCount).toBe(2);
    expect(section?.log).toHaveLength(2);
    // The other party's save based on what it saw before is refused the same way.
    const stale = await call('PUT', url, sender, {
      title: 'Payment',
      html: '<p>Paid in 60 days.</p>',
      baseLogLength: 1,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('adds and deletes sections with their events; an agreed section cannot be deleted', async () => {
    const made = await makeDeal();
    const d = made.deal.id;
    const created = await call('POST', `/api/v1/deals/${d}/sections`, receiver, {
      afterSectionId: payment(made).id,
      title: 'Liability',
      html: '<p>Limited to the fees.</p><img src=x onerror=alert(1)>',
    });
    expect(created.statusCode).toBe(201);
    const added = (created.json() as DealSectionChange).section;
    expect(added).toMatchObject({
      title: 'Liability',
      number: '3',
      state: 'countered',
      stateParty: 'receiver',
      html: '<p>Limited to the fees.</p>',
    });
    const view = await detail(d, sender);
    expect(view.sections.map((s) => s.title)).toEqual([
      'Parties',
      'Scope',
      'Payment',
      'Liability',
      'Term',
    ]);
    expect(view.sections[3]).toMatchObject({ canAgree: true });
    expect(view.counts.total).toBe(4);

    const removed = await call('DELETE', `/api/v1/deals/${d}/sections/${added.id}`, sender);
    expect(removed.statusCode).toBe(204);
    expect((await detail(d, receiver)).sections.map((s) => s.title)).toEqual([
      'Parties',
      'Scope',
      'Payment',
      'Term',
    ]);

    const term = made.sections.find((s) => s.title === 'Term');
    const termUrl = `/api/v1/deals/${d}/sections/${term?.id}`;
    expect(
      (await call('POST', `${termUrl}/agree`, receiver, { baseLogLength: 1 })).statusCode,
    ).toBe(200);
    const deleteAgreed = await call('DELETE', termUrl, sender);
    expect(deleteAgreed.statusCode).toBe(409);
    // The parties section is not negotiated.
    const parties = made.sections[0];
    const editParties = await call('PUT', `/api/v1/deals/${d}/sections/${parties?.id}`, receiver, {
      title: 'P',
      html: '<p>x</p>',
      baseLogLength: 1,
    });
    expect(editParties.statusCode).toBe(409);

    const events = await t.database.db
      .select({ event: documentEvents.event })
      .from(documentEvents)
      .where(eq(documentEvents.documentId, d));
    expect(events.map((e) => e.event).sort()).toEqual([
      'section-agree',
      'section-create',
      'section-delete',
    ]);
  });

  it('keeps a section whose subsection is agreed or being edited by someone else', async () => {
    const made = await makeDeal();
    const d = made.deal.id;
    const parent = payment(made);
    const created = await call('POST', `/api/v1/deals/${d}/sections`, receiver, {
      parentId: parent.id,
      title: 'Late payment',
      html: '<p>Interest 8 %.</p>',
    });
    expect(created.statusCode).toBe(201);
    const child = (created.json() as DealSectionChange).section;
    const childUrl = `/api/v1/deals/${d}/sections/${child.id}`;
    const parentUrl = `/api/v1/deals/${d}/sections/${parent.id}`;
    // The sender agrees to the receiver's new subsection: deleting its parent would delete it.
    expect((await call('POST', `${childUrl}/agree`, sender, { baseLogLength: 1 })).statusCode).toBe(
      200,
    );
    const blocked = await call('DELETE', parentUrl, sender);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe(
      'An agreed section cannot be deleted. Open it again for negotiation first.',
    );
    // Reopened, but now the receiver is editing it: still kept.
    expect(
      (await call('POST', `${childUrl}/reopen`, sender, { baseLogLength: 2 })).statusCode,
    ).toBe(200);
    expect((await call('POST', `${childUrl}/lock`, receiver)).statusCode).toBe(200);
    const locked = await call('DELETE', parentUrl, sender);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe(`Locked by ${nameOf(receiver)}`);
    const titles = (await detail(d, sender)).sections.map((s) => s.title);
    expect(titles).toContain('Payment');
    expect(titles).toContain('Late payment');
    // Released, the section goes with its subsection.
    expect((await call('DELETE', `${childUrl}/lock`, receiver)).statusCode).toBe(200);
    expect((await call('DELETE', parentUrl, sender)).statusCode).toBe(204);
    const after = (await detail(d, sender)).sections.map((s) => s.title);
    expect(after).not.toContain('Payment');
    expect(after).not.toContain('Late payment');
  });

  it('refuses every edit in signing, signed and trash', async () => {
    for (const state of ['in-signing', 'signed', 'trash'] as const) {
      const made = await makeDeal({ state });
      const url = `/api/v1/deals/${made.deal.id}/sections/${payment(made).id}`;
      const attempts = [
        await call('POST', `${url}/lock`, receiver),
        await call('PUT', url, receiver, {
          title: 'Payment',
          html: '<p>new</p>',
          baseLogLength: 1,
        }),
        await call('POST', `${url}/agree`, receiver, { baseLogLength: 1 }),
        await call('POST', `/api/v1/deals/${made.deal.id}/sections`, receiver, { title: 'X' }),
        await call('DELETE', url, receiver),
        await call('PATCH', `/api/v1/deals/${made.deal.id}`, sender, { title: 'New' }),
      ];
      for (const response of attempts) {
        expect(response.statusCode, state).toBe(409);
        expect(response.json().error.message).toBe('This document can no longer be changed.');
      }
      expect((await detail(made.deal.id, sender)).canEdit).toBe(false);
    }
  });
});

describe('deal settings', () => {
  it('the sender party saves title, abstract, contract id and parties; changes only', async () => {
    const made = await makeDeal();
    const d = made.deal.id;
    const updated = await call('PATCH', `/api/v1/deals/${d}`, sender, {
      title: 'Service agreement 2027',
      contractUid: 'ACME-42',
      parties: {
        sender: { type: 'business', name: 'Acme Oy', vat: 'FI123' },
        receiver: { type: 'business', name: 'Beta Ab' },
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Service agreement 2027',
      contractUid: 'ACME-42',
      parties: { sender: { vat: 'FI123' } },
    });
    // The same values again change nothing and record nothing.
    await call('PATCH', `/api/v1/deals/${d}`, sender, { title: 'Service agreement 2027' });
    const cleared = await call('PATCH', `/api/v1/deals/${d}`, sender, { contractUid: '' });
    expect(cleared.json().contractUid).toBe(`DSACMBET${d.slice(0, 4)}`.toUpperCase());
    const events = await t.database.db
      .select()
      .from(documentEvents)
      .where(and(eq(documentEvents.documentId, d), eq(documentEvents.event, 'document-settings')));
    expect(events.map((e) => e.data.fields)).toEqual(
      expect.arrayContaining([['title', 'contractUid', 'parties'], ['contractUid']]),
    );
    expect(events).toHaveLength(2);
    // The receiver's users are told of each change; the sender's own side is not.
    const told = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.documentId, d), eq(notifications.event, 'document-settings')));
    expect(told.map((n) => n.userId).sort()).toEqual(
      [receiver.id, receiver.id, receiverColleague.id, receiverColleague.id].sort(),
    );
    const bad = await call('PATCH', `/api/v1/deals/${d}`, sender, { title: '  ' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('trash', () => {
  it('only the sender party with edit access trashes; state kept; never twice; not signed', async () => {
    const made = await makeDeal({ state: 'negotiate' });
    const d = made.deal.id;
    await t.database.db
      .insert(dealInvites)
      .values({ shortId: `inv-${d}`, dealId: d, email: 'r@example.test' });
    for (const user of [receiver, senderViewer, workspaceColleague]) {
      const refusedTrash = await call('POST', `/api/v1/deals/${d}/trash`, user);
      expect(refusedTrash.statusCode).toBe(403);
    }
    const trashed = await call('POST', `/api/v1/deals/${d}/trash`, sender);
    expect(trashed.statusCode).toBe(200);
    expect(trashed.json()).toMatchObject({
      state: 'trash',
      beforeTrashState: 'negotiate',
      isTrashed: true,
      canEdit: false,
      canTrash: false,
      home: 'trash',
    });
    const again = await call('POST', `/api/v1/deals/${d}/trash`, sender);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This document is already in the trash.');
    const [invite] = await t.database.db
      .select()
      .from(dealInvites)
      .where(eq(dealInvites.dealId, d));
    expect(invite?.revokedAt).not.toBeNull();
    // The receiver still reads it, in the trash list, and is told.
    expect((await detail(d, receiver)).isTrashed).toBe(true);
    const list = (await call('GET', '/api/v1/deals?group=trash', receiver)).json();
    expect(list.deals.map((deal: { id: string }) => deal.id)).toContain(d);
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.documentId, d), eq(notifications.userId, receiver.id)));
    expect(notice?.event).toBe('document-trash');
    // The drawer counts of both follow.
    const [senderRow] = await t.database.db.select().from(users).where(eq(users.id, sender.id));
    expect(senderRow?.homeCounts.trash).toBeGreaterThanOrEqual(1);

    const signed = await makeDeal({ state: 'signed' });
    const signedTrash = await call('POST', `/api/v1/deals/${signed.deal.id}/trash`, sender);
    expect(signedTrash.statusCode).toBe(409);
    expect(signedTrash.json().error.message).toBe('A signed document cannot be trashed.');
  });
});

describe('restore', () => {
  it('support (a product administrator) recovers a trashed deal to its earlier state', async () => {
    const admin = await createUser(t.platform, {
      isAdmin: true,
      email: `support-${Date.now()}@pactum.fi`,
    });
    const reason = { reason: 'The sender asked support to recover it' };
    const made = await makeDeal({ state: 'negotiate' });
    const d = made.deal.id;
    expect((await call('POST', `/api/v1/deals/${d}/trash`, sender)).statusCode).toBe(200);
    // Not the parties, nor anyone else.
    for (const user of [sender, receiver, stranger]) {
      expect((await call('POST', `/api/v1/deals/${d}/restore`, user, reason)).statusCode).toBe(403);
    }
    // Support says why; without a reason nothing happens.
    const reasonless = await call('POST', `/api/v1/deals/${d}/restore`, admin, {});
    expect(reasonless.statusCode).toBe(400);
    const restored = await call('POST', `/api/v1/deals/${d}/restore`, admin, reason);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ id: d, state: 'negotiate' });
    expect(await detail(d, sender)).toMatchObject({
      state: 'negotiate',
      beforeTrashState: null,
      canEdit: true,
      isTrashed: false,
    });
    const again = await call('POST', `/api/v1/deals/${d}/restore`, admin, reason);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Only a trashed document can be restored.');
    const events = await t.database.db
      .select({ event: documentEvents.event })
      .from(documentEvents)
      .where(eq(documentEvents.documentId, d));
    expect(events.map((e) => e.event).sort()).toEqual(['document-restore', 'document-trash']);
  });
});

describe('activity feed', () => {
  it('shows events without a party or of the viewer’s party, never document-open, newest first', async () => {
    const made = await makeDeal();
    const d = made.deal.id;
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));
    await t.database.db.insert(documentEvents).values([
      {
        collection: 'deals',
        documentId: d,
        event: 'document-create',
        userId: sender.id,
        createdAt: at(1),
      },
      {
        collection: 'deals',
        documentId: d,
        event: 'document-open',
        userId: receiver.id,
        createdAt: at(2),
      },
      {
        collection: 'deals',
        documentId: d,
        event: 'section-internal-thread',
        party: 'sender',
        userId: sender.id,
        createdAt: at(3),
      },
      {
        collection: 'deals',
        documentId: d,
        event: 'section-internal-thread',
        party: 'receiver',
        userId: receiver.id,
        createdAt: at(4),
      },
    ]);
    await call('PUT', `/api/v1/deals/${d}/sections/${payment(made).id}`, receiver, {
      title: 'Payment',
      html: '<p>14 days</p>',
      baseLogLength: 1,
    });
    const feed = async (user: TestUser) =>
      (await call('GET', `/api/v1/deals/${d}/events`, user)).json().events as {
        event: string;
        party: string | null;
        actorParty: string | null;
        userInfo: { firstname: string } | null;
      }[];
    const senderFeed = await feed(sender);
    expect(senderFeed.map((e) => [e.event, e.party])).toEqual([
      ['section-edit', null],
      ['section-internal-thread', 'sender'],
      ['document-create', null],
    ]);
    expect(senderFeed[0]).toMatchObject({
      actorParty: 'receiver',
      userInfo: { firstname: receiver.firstname },
    });
    expect((await feed(receiver)).map((e) => [e.event, e.party])).toEqual([
      ['section-edit', null],
      ['section-internal-thread', 'receiver'],
      ['document-create', null],
    ]);
    expect((await feed(senderViewer)).map((e) => e.party)).toEqual([null, 'sender', null]);
  });

  it('pages 100 at a time with a cursor', async () => {
    const made = await makeDeal();
    const d = made.deal.id;
    await t.database.db.insert(documentEvents).values(
      Array.from({ length: 150 }, (_, i) => ({
        collection: 'deals' as const,
        documentId: d,
        event: 'section-edit',
        userId: sender.id,
        data: { sectionTitle: `S${i}` },
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i * 10)),
      })),
    );
    const first = (await call('GET', `/api/v1/deals/${d}/events`, receiver)).json();
    expect(first.events).toHaveLength(100);
    expect(first.events[0].sectionTitle).toBe('S149');
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await call(
        'GET',
        `/api/v1/deals/${d}/events?cursor=${encodeURIComponent(first.nextCursor)}`,
        receiver,
      )
    ).json();
    expect(second.events).toHaveLength(50);
    expect(second.events[49].sectionTitle).toBe('S0');
    expect(second.nextCursor).toBeNull();
    const bad = await call('GET', `/api/v1/deals/${d}/events?cursor=garbage`, receiver);
    expect(bad.statusCode).toBe(400);
  });
});

describe('deal lists', () => {
  it('lists by group, only deals the caller can access, with paging', async () => {
    const owner = await createUser(t.platform);
    const counterpart = await createUser(t.platform);
    const made: MadeDeal[] = [];
    for (let i = 0; i < 12; i += 1) {
      made.push(
        await createDeal(t.database.db, {
          sender: owner,
          receiver: counterpart,
          title: `Deal ${i}`,
        }),
      );
    }
    const signing = await createDeal(t.database.db, {
      sender: owner,
      receiver: counterpart,
      state: 'in-signing',
    });
    const waitingOnly = await createDeal(t.database.db, {
      sender: owner,
      receiver: counterpart,
      state: 'in-signing',
    });
    await t.database.db.insert(dealSigners).values({
      shortId: `sig-${signing.deal.id}`,
      dealId: signing.deal.id,
      party: 'receiver',
      firstname: 'C',
      lastname: 'P',
      email: counterpart.email,
      userId: counterpart.id,
    });
    const page1 = (
      await call('GET', '/api/v1/deals?group=negotiate&pageSize=10', counterpart)
    ).json();
    expect(page1).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page1.deals).toHaveLength(10);
    expect(page1.deals[0]).toMatchObject({
      title: 'Deal 11',
      myParty: 'receiver',
      senderName: 'Acme Oy',
      receiverName: 'Beta Ab',
      progress: 0,
      progressColour: 'grey',
    });
    const page2 = (
      await call('GET', '/api/v1/deals?group=negotiate&pageSize=10&page=2', counterpart)
    ).json();
    expect(page2.deals.map((deal: { title: string }) => deal.title)).toEqual(['Deal 1', 'Deal 0']);
    const sign = (await call('GET', '/api/v1/deals?group=sign', counterpart)).json();
    expect(sign.deals.map((deal: { id: string }) => deal.id)).toEqual([signing.deal.id]);
    const waiting = (await call('GET', '/api/v1/deals?group=waiting', counterpart)).json();
    expect(waiting.deals.map((deal: { id: string }) => deal.id)).toEqual([waitingOnly.deal.id]);
    // The owner waits on both.
    expect((await call('GET', '/api/v1/deals?group=waiting', owner)).json().total).toBe(2);

    for (const outsider of [stranger, otherWorkspaceUser]) {
      const list = (
        await call('GET', '/api/v1/deals?group=negotiate&pageSize=100', outsider)
      ).json();
      const ids = new Set(list.deals.map((deal: { id: string }) => deal.id));
      expect(made.some((m) => ids.has(m.deal.id))).toBe(false);
    }
    const unknown = await call('GET', '/api/v1/deals?group=recent', owner);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unsupported collection/group combination');
    expect(
      (await call('GET', '/api/v1/deals?group=negotiate&pageSize=101', owner)).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/v1/deals?group=negotiate', undefined)).statusCode).toBe(401);
  });
});

describe('live updates', () => {
  it('a subscribed receiver hears the sender’s change; a stranger is refused', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    const url = `ws://127.0.0.1:${address.port}/api/v1/live`;
    const made = await makeDeal();
    const topic = `deal:${made.deal.id}`;
    const receiverSocket = await openLive(url, { origin: ORIGIN, cookie: receiver.cookie });
    const strangerSocket = await openLive(url, { origin: ORIGIN, cookie: stranger.cookie });
    try {
      receiverSocket.send({ type: 'subscribe', topic });
      await receiverSocket.next((m) => m.type === 'subscribed' && m.topic === topic);
      strangerSocket.send({ type: 'subscribe', topic });
      const refusal = await strangerSocket.next((m) => m.type === 'error');
      expect(refusal).toMatchObject({ type: 'error', code: 'forbidden', topic });

      const section = payment(made);
      const saved = await call(
        'PUT',
        `/api/v1/deals/${made.deal.id}/sections/${section.id}`,
        sender,
        {
          title: 'Payment',
          html: '<p>Invoices are paid in 21 days.</p>',
          baseLogLength: 1,
        },
      );
      expect(saved.statusCode).toBe(200);
      const event = await receiverSocket.next((m) => m.type === 'event' && m.event.topic === topic);
      expect(event).toMatchObject({
        type: 'event',
        event: { topic, type: 'section.changed', data: { sectionId: section.id } },
      });
      // Ids only: no text travels over the socket.
      expect(JSON.stringify(event)).not.toContain('21 days');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(strangerSocket.messages.some((m) => m.type === 'event')).toBe(false);
    } finally {
      receiverSocket.close();
      strangerSocket.close();
    }
  });
});
