import type { CommentRow, CommentThread, DraftDetail } from '@pactum/core/drafts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealSections, type deals, documentAccess, documentEvents } from '../../db/schema';
import { createTestApp, listenLive, type TestApp } from '../../test/app';
import { insertDeal } from '../../test/deal-factory';
import { apiAs, createTemplate, createWorkspace, ORIGIN } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { type LiveTestClient, openLive } from '../../test/live-client';

let t: TestApp;
let liveUrl: string;
let sender: TestUser;
let colleague: TestUser;
let viewer: TestUser;
let receiver: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  liveUrl = await listenLive(t);
  [sender, colleague, viewer, receiver, stranger, otherWorkspaceUser] = await createUsers(
    t.platform,
    6,
  );
  await createWorkspace(t.database.db, { memberIds: [otherWorkspaceUser.id] });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t?.close();
});

const api = apiAs(() => t.app);

async function newDraft(): Promise<DraftDetail> {
  const template = await createTemplate(t.database.db, { createdBy: sender.id });
  const draft = (await api('POST', `/templates/${template.id}/drafts`, sender)).json();
  await t.database.db.insert(documentAccess).values([
    {
      collection: 'drafts',
      documentId: draft.id,
      userId: colleague.id,
      role: 'edit',
      party: 'sender',
    },
    {
      collection: 'drafts',
      documentId: draft.id,
      userId: viewer.id,
      role: 'view',
      party: 'sender',
    },
  ]);
  return draft;
}

/** A deal in negotiation: sender and colleague on the sender side, receiver on the other. */
async function newDeal(state: (typeof deals.$inferInsert)['state'] = 'negotiate') {
  const deal = await insertDeal(t.database.db, { sentBy: sender.id, title: 'Supply', state });
  const [section] = await t.database.db
    .insert(dealSections)
    .values({ dealId: deal.id, position: 1, type: 'normal', title: 'Price', state: 'sent' })
    .returning();
  await t.database.db.insert(documentAccess).values([
    { collection: 'deals', documentId: deal.id, userId: sender.id, role: 'edit', party: 'sender' },
    {
      collection: 'deals',
      documentId: deal.id,
      userId: colleague.id,
      role: 'edit',
      party: 'sender',
    },
    { collection: 'deals', documentId: deal.id, userId: viewer.id, role: 'view', party: 'sender' },
    {
      collection: 'deals',
      documentId: deal.id,
      userId: receiver.id,
      role: 'edit',
      party: 'receiver',
    },
  ]);
  return { deal, sectionId: section?.id ?? '' };
}

const threads = async (collection: string, documentId: string, user: TestUser) => {
  const response = await api('GET', `/${collection}/${documentId}/comments`, user);
  return { status: response.statusCode, threads: response.json().threads as CommentThread[] };
};

describe('internal comments on a draft', () => {
  it('lets the sender’s team discuss a section, with events carrying the snippet', async () => {
    const draft = await newDraft();
    const sectionId = draft.sections[1]?.id ?? '';
    const long = `${'Price is too low. '.repeat(8)}`;
    const created = await api('POST', `/drafts/${draft.id}/comments`, sender, {
      sectionId,
      content: long,
    });
    expect(created.statusCode).toBe(201);
    const root = created.json() as CommentRow;
    expect(root).toMatchObject({
      sectionId,
      threadId: null,
      party: 'sender',
      content: long.trim(),
      isResolved: false,
      creator: { id: sender.id, email: sender.email },
    });
    const reply = await api('POST', `/drafts/${draft.id}/comments`, colleague, {
      sectionId,
      threadId: root.id,
      content: 'Agreed',
    });
    expect(reply.statusCode).toBe(201);
    const seen = await threads('drafts', draft.id, viewer);
    expect(seen.threads).toHaveLength(1);
    expect(seen.threads[0]?.replies.map((r) => r.content)).toEqual(['Agreed']);
    expect(
      (
        await api('GET', `/drafts/${draft.id}/comments?sectionId=${draft.sections[2]?.id}`, sender)
      ).json().threads,
    ).toEqual([]);

    const events = await t.database.db
      .select()
      .from(documentEvents)
      .where(and(eq(documentEvents.documentId, draft.id), eq(documentEvents.sectionId, sectionId)));
    expect(events.map((e) => [e.event, e.party]).sort()).toEqual([
      ['section-internal-thread', 'sender'],
      ['section-internal-thread-reply', 'sender'],
    ]);
    const thread = events.find((e) => e.event === 'section-internal-thread');
    expect(thread?.data.snippet).toBe(`${long.trim().slice(0, 100)}...`);
  });

  it('refuses empty text, a section of another document, strangers and other workspaces', async () => {
    const draft = await newDraft();
    const other = await newDraft();
    const sectionId = draft.sections[1]?.id ?? '';
    const empty = await api('POST', `/drafts/${draft.id}/comments`, sender, {
      sectionId,
      content: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Please write a comment.');
    expect(
      (
        await api('POST', `/drafts/${draft.id}/comments`, sender, {
          sectionId: other.sections[1]?.id,
          content: 'x',
        })
      ).statusCode,
    ).toBe(404);
    for (const outsider of [stranger, otherWorkspaceUser]) {
      expect((await threads('drafts', draft.id, outsider)).status).toBe(404);
      expect(
        (await api('POST', `/drafts/${draft.id}/comments`, outsider, { sectionId, content: 'x' }))
          .statusCode,
      ).toBe(404);
    }
  });
});

describe('internal comments on a deal', () => {
  it('are never seen by the other party, by any route', async () => {
    const { deal, sectionId } = await newDeal();
    const secret = 'Our floor price is 900';
    const root = (
      await api('POST', `/deals/${deal.id}/comments`, sender, { sectionId, content: secret })
    ).json() as CommentRow;
    const theirs = (
      await api('POST', `/deals/${deal.id}/comments`, receiver, { sectionId, content: 'Push them' })
    ).json() as CommentRow;
    expect(theirs.party).toBe('receiver');

    const senderView = await threads('deals', deal.id, colleague);
    expect(senderView.threads.map((c) => c.content)).toEqual([secret]);
    const receiverView = await threads('deals', deal.id, receiver);
    expect(receiverView.threads.map((c) => c.content)).toEqual(['Push them']);
    expect(JSON.stringify(receiverView)).not.toContain(secret);

    // Every route on the sender's comment answers the receiver as if it did not exist.
    const reply = await api('POST', `/deals/${deal.id}/comments`, receiver, {
      sectionId,
      threadId: root.id,
      content: 'peek',
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error.message).toBe('Thread not found');
    for (const [method, url, body] of [
      ['PATCH', `/comments/${root.id}`, { content: 'changed' }],
      ['POST', `/comments/${root.id}/resolve`, {}],
      ['POST', `/comments/${root.id}/reopen`, undefined],
      ['DELETE', `/comments/${root.id}`, undefined],
    ] as const) {
      const response = await api(method, url, receiver, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain(secret);
      expect((await api(method, url, stranger, body)).statusCode).toBe(404);
    }
    expect((await threads('deals', deal.id, sender)).threads[0]?.content).toBe(secret);
  });

  it('resolves with a reply, reopens (clearing who and when), edits by author, deletes by editors', async () => {
    const { deal, sectionId } = await newDeal();
    const root = (
      await api('POST', `/deals/${deal.id}/comments`, sender, { sectionId, content: 'Check §2' })
    ).json() as CommentRow;
    expect(
      (await api('POST', `/comments/${root.id}/resolve`, colleague, { reply: 'Done' })).statusCode,
    ).toBe(204);
    let [thread] = (await threads('deals', deal.id, sender)).threads;
    expect(thread).toMatchObject({ isResolved: true, resolvedBy: colleague.id });
    expect(thread?.replies.map((r) => r.content)).toEqual(['Done']);
    const resolveEvents = await t.database.db
      .select()
      .from(documentEvents)
      .where(
        and(
          eq(documentEvents.documentId, deal.id),
          eq(documentEvents.event, 'section-internal-thread-resolve'),
        ),
      );
    expect(resolveEvents).toHaveLength(1);
    expect(resolveEvents[0]?.party).toBe('sender');

    expect((await api('POST', `/comments/${root.id}/reopen`, sender)).statusCode).toBe(204);
    [thread] = (await threads('deals', deal.id, sender)).threads;
    expect(thread).toMatchObject({ isResolved: false, resolvedBy: null, resolvedAt: null });

    const notAuthor = await api('PATCH', `/comments/${root.id}`, colleague, { content: 'x' });
    expect(notAuthor.statusCode).toBe(403);
    const edited = await api('PATCH', `/comments/${root.id}`, sender, { content: 'Check §3' });
    expect(edited.json().content).toBe('Check §3');

    expect((await api('DELETE', `/comments/${root.id}`, viewer)).statusCode).toBe(403);
    expect((await api('DELETE', `/comments/${root.id}`, colleague)).statusCode).toBe(204);
    expect((await threads('deals', deal.id, sender)).threads).toEqual([]);
    expect((await api('POST', `/comments/${root.id}/resolve`, sender, {})).statusCode).toBe(404);
  });

  it('are closed on deals in signing, signed or trash', async () => {
    for (const state of ['in-signing', 'signed'] as const) {
      const { deal, sectionId } = await newDeal(state);
      const response = await api('POST', `/deals/${deal.id}/comments`, sender, {
        sectionId,
        content: 'Too late?',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        'Internal comments are not allowed for deals in signing or signed.',
      );
    }
    // A trashed deal is read-only, its comments too.
    const { deal, sectionId } = await newDeal('trash');
    const trashed = await api('POST', `/deals/${deal.id}/comments`, sender, {
      sectionId,
      content: 'Still there?',
    });
    expect(trashed.statusCode).toBe(409);
    expect(trashed.json().error.message).toBe('This document can no longer be changed.');
  });

  it('are announced on a party topic that the other party cannot watch', async () => {
    const { deal, sectionId } = await newDeal();
    const senderTopic = `comments:${deal.id}_sender`;
    const receiverTopic = `comments:${deal.id}_receiver`;
    const senderLive = await openLive(liveUrl, { origin: ORIGIN, cookie: colleague.cookie });
    const receiverLive = await openLive(liveUrl, { origin: ORIGIN, cookie: receiver.cookie });
    const strangerLive = await openLive(liveUrl, { origin: ORIGIN, cookie: stranger.cookie });
    clients.push(senderLive, receiverLive, strangerLive);

    senderLive.send({ type: 'subscribe', topic: senderTopic });
    await senderLive.next((m) => m.type === 'subscribed' && m.topic === senderTopic);
    receiverLive.send({ type: 'subscribe', topic: senderTopic });
    expect(
      await receiverLive.next((m) => m.type === 'error' && m.topic === senderTopic),
    ).toMatchObject({ code: 'forbidden' });
    receiverLive.send({ type: 'subscribe', topic: receiverTopic });
    await receiverLive.next((m) => m.type === 'subscribed' && m.topic === receiverTopic);
    strangerLive.send({ type: 'subscribe', topic: receiverTopic });
    expect(
      await strangerLive.next((m) => m.type === 'error' && m.topic === receiverTopic),
    ).toMatchObject({ code: 'forbidden' });

    const secret = 'Walk away below 800';
    await api('POST', `/deals/${deal.id}/comments`, sender, { sectionId, content: secret });
    const event = await senderLive.next((m) => m.type === 'event');
    expect(event).toMatchObject({ event: { topic: senderTopic, type: 'comments.changed' } });
    // The receiver hears of their own party's comments only.
    await api('POST', `/deals/${deal.id}/comments`, receiver, { sectionId, content: 'Ours' });
    await receiverLive.next((m) => m.type === 'event' && m.event.topic === receiverTopic);
    expect(
      receiverLive.messages.filter((m) => m.type === 'event' && m.event.topic === senderTopic),
    ).toEqual([]);
    expect(JSON.stringify(receiverLive.messages)).not.toContain(secret);
    expect(JSON.stringify(senderLive.messages)).not.toContain(secret);
  });

  it('on a draft, the topic of the sender side is watched by its team only', async () => {
    const draft = await newDraft();
    const sectionId = draft.sections.find((section) => section.type === 'normal')?.id ?? '';
    const topic = `comments:${draft.id}_sender`;
    const colleagueLive = await openLive(liveUrl, { origin: ORIGIN, cookie: colleague.cookie });
    const strangerLive = await openLive(liveUrl, { origin: ORIGIN, cookie: stranger.cookie });
    const otherLive = await openLive(liveUrl, {
      origin: ORIGIN,
      cookie: otherWorkspaceUser.cookie,
    });
    clients.push(colleagueLive, strangerLive, otherLive);
    colleagueLive.send({ type: 'subscribe', topic });
    await colleagueLive.next((m) => m.type === 'subscribed' && m.topic === topic);
    for (const outsider of [strangerLive, otherLive]) {
      outsider.send({ type: 'subscribe', topic });
      expect(await outsider.next((m) => m.type === 'error' && m.topic === topic)).toMatchObject({
        code: 'forbidden',
      });
    }
    // A draft has no receiver side to watch.
    colleagueLive.send({ type: 'subscribe', topic: `comments:${draft.id}_receiver` });
    await colleagueLive.next(
      (m) => m.type === 'error' && m.topic === `comments:${draft.id}_receiver`,
    );

    await api('POST', `/drafts/${draft.id}/comments`, sender, { sectionId, content: 'Check §2' });
    const event = await colleagueLive.next((m) => m.type === 'event');
    expect(event).toMatchObject({ event: { topic, type: 'comments.changed' } });
  });
});
