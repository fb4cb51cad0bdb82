import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { dealSections, deals } from '../../db/schema';
import { createPlatform } from '../../platform/platform';
import { openConfiguredDatabase } from '../../start';
import { eventually } from '../../test/app';
import { crashTestPlace } from '../../test/crash-place';
import { draftReadyToSend } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { openLive } from '../../test/live-client';
import { databaseNameOf, endConnections } from '../../test/pg-admin';
import { type ServerProcess, startServerProcess } from '../../test/processes';

/*
 * A failover or a restart of PostgreSQL, seen from the app: its connections are ended again and
 * again for a while (the pool's, the LISTEN connection, a transaction's held client). The
 * process must live through it, answer every request (503 while it cannot reach the
 * database), tell open sockets to refetch, and finish the work it had queued exactly once.
 * Two faults once stalled it afterwards: transactions whose BEGIN failed kept their pooled
 * clients until none was left (see pool.test.ts), and a live access check that failed with its
 * connection counted as a refusal, unsubscribing the socket.
 */

const place = crashTestPlace('blip');
const BLIP_MS = 10_000;
const BLIP_EVERY_MS = 300;
const RECEIVERS = ['blip-a@one.test', 'blip-b@two.test', 'blip-c@three.test'];

let database: Database | undefined;
afterAll(async () => {
  await database?.close();
});

type Answer = { status: number; body: unknown };
/** The section route's answer, as far as the test reads it. */
type SectionAnswer = { section: { html: string; log: unknown[] } };

/** No answer at all: the connection was refused or reset, as by a dead server. */
const NO_ANSWER = 0;

/** An API call as the sender's browser makes it; `NO_ANSWER` when nothing answered. */
async function call(
  server: ServerProcess,
  user: TestUser,
  method: string,
  url: string,
  body?: unknown,
): Promise<Answer> {
  try {
    const response = await fetch(`${server.url}/api/v1${url}`, {
      method,
      headers: {
        origin: server.url,
        cookie: user.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { status: NO_ANSWER, body: null };
  }
}

/** Ends every connection of the database each `BLIP_EVERY_MS` until `BLIP_MS` have passed. */
async function blip(name: string): Promise<number> {
  const until = Date.now() + BLIP_MS;
  let rounds = 0;
  while (Date.now() < until) {
    await endConnections(name);
    rounds += 1;
    await new Promise((resolve) => setTimeout(resolve, BLIP_EVERY_MS));
  }
  return rounds;
}

async function outboxTo(server: ServerProcess): Promise<string[]> {
  const messages = (await (await fetch(`${server.url}/dev/outbox.json`)).json()) as {
    to: string;
  }[];
  return messages.map((message) => message.to).filter((to) => RECEIVERS.includes(to));
}

describe('connections ended every 300 ms for 10 s', () => {
  it('leave the process answering, sockets resynced, and a send started meanwhile done once', async () => {
    const env = await place.env();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    const setUp = await openConfiguredDatabase(config);
    const platform = await createPlatform(config, setUp);
    const sender = await createUser(platform);
    // One deal to edit live during the blip, and a draft to three receivers to send in it.
    const editable = await draftReadyToSend(platform, {
      senderId: sender.id,
      emails: ['blip-editor@one.test'],
      credits: 10,
    });
    const toSend = await draftReadyToSend(platform, {
      senderId: sender.id,
      emails: RECEIVERS,
      credits: 10,
    });
    await setUp.close();
    // The test's own reads: a connection of its own, which the blip ends as well.
    const reads = await openDatabase({ url: env.DATABASE_URL ?? '' });
    database = reads;

    const server = await startServerProcess(env);
    place.servers.push(server);
    const sent = await call(server, sender, 'POST', `/drafts/${editable.draft.id}/send`, {
      workspaceId: editable.workspace.id,
      dealProcess: 'negotiate',
      isConfirmed: true,
    });
    expect(sent.status).toBe(202);
    const deal = await eventually(async () => {
      const [made] = await reads.db
        .select({ id: deals.id })
        .from(deals)
        .where(eq(deals.draftId, editable.draft.id));
      return made;
    }, 30_000);
    const [section] = await reads.db
      .select({ id: dealSections.id })
      .from(dealSections)
      .where(and(eq(dealSections.dealId, deal.id), eq(dealSections.title, 'Delivery')));
    if (!section) throw new Error('The template has no Delivery section');
    const sectionUrl = `/deals/${deal.id}/sections/${section.id}`;

    const live = await openLive(`${server.url.replace('http', 'ws')}/api/v1/live`, {
      origin: server.url,
      cookie: sender.cookie,
    });
    try {
      live.send({ type: 'subscribe', topic: `deal:${deal.id}` });
      await live.next((m) => m.type === 'subscribed');

      const name = databaseNameOf(env.DATABASE_URL);
      const blipping = blip(name);
      let isBlipping = true;
      void blipping.finally(() => {
        isBlipping = false;
      });

      // The send, asked for while connections keep ending: retried on 503 as a browser would.
      const sendStatuses: number[] = [];
      const sending = (async () => {
        for (;;) {
          const answer = await call(server, sender, 'POST', `/drafts/${toSend.draft.id}/send`, {
            workspaceId: toSend.workspace.id,
            dealProcess: 'negotiate',
            isConfirmed: true,
          });
          sendStatuses.push(answer.status);
          if (answer.status !== 503 || !isBlipping) return answer;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })();

      // Live editing meanwhile: read the section, save a new text on top of what was read.
      const editStatuses: number[] = [];
      let lastSaved: string | undefined;
      let edit = 0;
      while (isBlipping) {
        edit += 1;
        const read = await call(server, sender, 'GET', sectionUrl);
        editStatuses.push(read.status);
        if (read.status === NO_ANSWER) break;
        if (read.status !== 200) continue;
        const html = `<p>Delivery in ${edit} days.</p>`;
        const saved = await call(server, sender, 'PUT', sectionUrl, {
          title: 'Delivery',
          html,
          baseLogLength: (read.body as SectionAnswer).section.log.length,
        });
        editStatuses.push(saved.status);
        if (saved.status === 200) lastSaved = html;
      }
      const rounds = await blipping;
      expect(rounds).toBeGreaterThan(10);

      // Alive all along, and every answer a real one: success, 503, or a conflict with an
      // edit that committed while its answer was lost.
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();
      expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaughtException/);
      expect(new Set(editStatuses)).not.toContain(500);
      expect([...new Set(editStatuses)].every((status) => [200, 409, 503].includes(status))).toBe(
        true,
      );
      expect(editStatuses).toContain(503);
      const sendAnswer = await sending;
      // 202, or 409 when an earlier try committed and only its answer was lost.
      expect(sendAnswer.status === 202 || sendStatuses.includes(503)).toBe(true);

      await eventually(async () =>
        (await fetch(`${server.url}/api/health`)).status === 200 ? true : undefined,
      );
      // The socket stayed open and was told to refetch what it may have missed.
      await live.next((m) => m.type === 'resync', 30_000);
      expect(live.socket.readyState).toBe(live.socket.OPEN);
      expect(live.messages.filter((m) => m.type === 'ready')).toHaveLength(1);
      // An access check that failed with its connection was no refusal: still subscribed.
      expect(live.messages.filter((m) => m.type === 'error')).toEqual([]);

      // Editing goes on where it stopped: the last saved text is there, the next save is live.
      const read = await call(server, sender, 'GET', sectionUrl);
      expect(read.status).toBe(200);
      const current = (read.body as SectionAnswer).section;
      if (lastSaved) expect(current.html).toBe(lastSaved);
      const eventsBefore = live.messages.length;
      const after = await call(server, sender, 'PUT', sectionUrl, {
        title: 'Delivery',
        html: '<p>Delivery in 45 days.</p>',
        baseLogLength: current.log.length,
      });
      expect(after.status).toBe(200);
      await eventually(() =>
        live.messages.slice(eventsBefore).some((m) => m.type === 'event') ? true : undefined,
      );

      // The send finishes: one deal and one mail per receiver.
      await eventually(
        async () => ((await outboxTo(server)).length >= RECEIVERS.length ? true : undefined),
        60_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect((await outboxTo(server)).sort()).toEqual([...RECEIVERS].sort());
      const made = await reads.db
        .select({ id: deals.id })
        .from(deals)
        .where(eq(deals.draftId, toSend.draft.id));
      expect(made).toHaveLength(RECEIVERS.length);
    } finally {
      live.close();
    }
  }, 120_000);
});
