import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookPayloadSchema } from '@pactum/core/webhooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  dealSigners,
  deals,
  signedPdfs,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { callApi, sendNewDraft } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { signerInput, signRequest } from '../../test/signing-factories';
import { sendDraftJob } from '../sending/job';
import { registerSigningJobs } from '../signing/signing-jobs';
import { resumeWebhookLines, WEBHOOK_RETRY_LIMIT, webhookDeliveryJob } from './delivery';
import { type DealWebhookEvent, queueDealWebhook } from './events';
import { verifyWebhook } from './signature';

/** What a local receiver got: one entry per request, as it arrived, and how it answered. */
type Received = {
  headers: http.IncomingHttpHeaders;
  body: string;
  isVerified: boolean;
  status: number | 'hang';
};

/**
 * A webhook receiver on 127.0.0.1 that answers each request with the next status of `script`
 * (the last one from then on), or never when it is 'hang'. It checks every request with the
 * README's recipe, written out here rather than calling the server's verifier.
 */
async function startReceiver(script: (number | 'hang')[]) {
  const received: Received[] = [];
  let secret = '';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id']);
      const timestamp = String(request.headers['webhook-timestamp']);
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      const expected = Buffer.from(
        `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
      );
      const isFresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
      const isVerified =
        isFresh &&
        String(request.headers['webhook-signature'])
          .split(' ')
          .some((candidate) => {
            const given = Buffer.from(candidate);
            return given.length === expected.length && timingSafeEqual(given, expected);
          });
      const answer = script[Math.min(received.length, script.length - 1)] ?? 200;
      received.push({ headers: request.headers, body, isVerified, status: answer });
      if (answer === 'hang') return;
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    useSecret(value: string) {
      secret = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const allEvents = [
  'deal.created',
  'section.agreed',
  'signing.started',
  'document.signed',
  'deal.trashed',
];

describe('webhooks', () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let otherAdmin: TestUser;
  let workspaceId: string;
  let otherWorkspaceId: string;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    // No workers: each test runs the delivery job's handler itself, attempt by attempt.
    t = await createTestApp({ isWorker: false });
    [admin, member, stranger, otherAdmin] = await createUsers(t.platform, 4);
    workspaceId = await createWorkspaceWith(t.database.db, [admin, member]);
    otherWorkspaceId = await createWorkspaceWith(t.database.db, [otherAdmin]);
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close();
    await t?.close();
  });

  const api = (
    method: Parameters<typeof callApi>[1],
    url: string,
    user: TestUser,
    payload?: unknown,
  ) => callApi(t.app, method, url, user.cookie, payload);

  async function receiver(script: (number | 'hang')[] = [200]) {
    const made = await startReceiver(script);
    receivers.push(made);
    return made;
  }

  /** Registers an endpoint through the API; its id and secret. */
  async function register(
    user: TestUser,
    onWorkspace: string,
    options: { url: string; events?: string[] },
  ): Promise<{ id: string; secret: string }> {
    const response = await api('POST', `/workspaces/${onWorkspace}/webhooks`, user, {
      url: options.url,
      description: 'CRM',
      events: options.events ?? allEvents,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const deliveriesOf = (endpointId: string) =>
    t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));

  /** One run of the delivery job, as pg-boss would make it on its `retryCount`-th retry. */
  const runJob = (deliveryId: string, retryCount: number) =>
    webhookDeliveryJob(t.platform).handle({ deliveryId }, { jobId: 'test', retryCount });

  /**
   * Works off the queued delivery jobs of these deliveries as pg-boss workers would: every job
   * that exists runs, newest first (as retries' backoff and several workers may order them), a
   * run that throws runs again (up to the retry limit), and jobs enqueued meanwhile join, until
   * none is left.
   */
  async function workOffJobs(deliveryIds: string[]): Promise<void> {
    const finished = new Set<string>();
    const retries = new Map<string, number>();
    for (let round = 0; round < 100; round += 1) {
      const result = (await t.database.db.execute(
        sql`SELECT id, data->>'deliveryId' AS "deliveryId" FROM pgboss.job
          WHERE name = 'webhook.deliver' ORDER BY created_on DESC, id DESC`,
      )) as unknown as { rows: { id: string; deliveryId: string }[] };
      const live = result.rows.filter(
        (job) => deliveryIds.includes(job.deliveryId) && !finished.has(job.id),
      );
      if (live.length === 0) return;
      for (const job of live) {
        const retryCount = retries.get(job.id) ?? 0;
        try {
          await webhookDeliveryJob(t.platform).handle(
            { deliveryId: job.deliveryId },
            { jobId: job.id, retryCount },
          );
          finished.add(job.id);
        } catch {
          retries.set(job.id, retryCount + 1);
          if (retryCount >= WEBHOOK_RETRY_LIMIT) finished.add(job.id);
        }
      }
    }
    throw new Error('delivery jobs never ran out');
  }

  /** The pg-boss jobs queued for a delivery. */
  async function jobsOf(deliveryId: string): Promise<number> {
    const result = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = 'webhook.deliver' AND data->>'deliveryId' = ${deliveryId}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  }

  describe('endpoints', () => {
    it('are registered, listed without their secret, tested and deleted by administrators', async () => {
      const local = await receiver();
      const created = await api('POST', `/workspaces/${workspaceId}/webhooks`, admin, {
        url: local.url,
        description: 'Our CRM',
        events: ['deal.created', 'deal.trashed', 'deal.created'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const endpoint = created.json() as { id: string; secret: string; events: string[] };
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(endpoint.events).toEqual(['deal.created', 'deal.trashed']);

      const list = await api('GET', `/workspaces/${workspaceId}/webhooks`, admin);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        {
          id: endpoint.id,
          url: local.url,
          description: 'Our CRM',
          events: ['deal.created', 'deal.trashed'],
          createdAt: expect.any(String),
        },
      ]);
      expect(list.body).not.toContain(endpoint.secret);

      const test = await api(
        'POST',
        `/workspaces/${workspaceId}/webhooks/${endpoint.id}/test`,
        admin,
      );
      expect(test.statusCode, test.body).toBe(202);
      const { deliveryId } = test.json() as { deliveryId: string };
      expect(deliveryId).toMatch(/^msg_/);
      expect(await jobsOf(deliveryId)).toBe(1);
      local.useSecret(endpoint.secret);
      await runJob(deliveryId, 0);
      expect(local.received).toHaveLength(1);
      expect(local.received[0]?.isVerified).toBe(true);
      const payload = webhookPayloadSchema.parse(JSON.parse(local.received[0]?.body ?? ''));
      expect(payload).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
      // About no deal: no place in a deal's line.
      expect(JSON.parse(local.received[0]?.body ?? '')).not.toHaveProperty('sequence');

      const log = await api(
        'GET',
        `/workspaces/${workspaceId}/webhooks/${endpoint.id}/deliveries`,
        admin,
      );
      expect(log.statusCode).toBe(200);
      expect(log.json()).toMatchObject({
        total: 1,
        page: 1,
        items: [{ id: deliveryId, eventType: 'webhook.test', state: 'delivered', attempts: 1 }],
      });
      expect(log.json().items[0]).toMatchObject({ lastStatusCode: 200, lastError: null });

      const removed = await api(
        'DELETE',
        `/workspaces/${workspaceId}/webhooks/${endpoint.id}`,
        admin,
      );
      expect(removed.statusCode).toBe(204);
      expect((await api('GET', `/workspaces/${workspaceId}/webhooks`, admin)).json()).toEqual([]);
      const again = await api(
        'DELETE',
        `/workspaces/${workspaceId}/webhooks/${endpoint.id}`,
        admin,
      );
      expect(again.json().error.code).toBe('webhook_not_found');
    });

    it('refuse other members (403) and people outside the workspace (404)', async () => {
      const endpoint = await register(admin, workspaceId, { url: 'https://hooks.example.com/a' });
      const base = `/workspaces/${workspaceId}/webhooks`;
      const calls = [
        ['GET', base, undefined],
        ['POST', base, { url: 'https://hooks.example.com/b', events: ['deal.created'] }],
        ['DELETE', `${base}/${endpoint.id}`, undefined],
        ['POST', `${base}/${endpoint.id}/test`, undefined],
        ['GET', `${base}/${endpoint.id}/deliveries`, undefined],
      ] as const;
      for (const [method, url, body] of calls) {
        const asMember = await api(method, url, member, body);
        expect(asMember.statusCode, `${method} ${url}`).toBe(403);
        expect(asMember.json().error.code).toBe('administrators_only');
        const asStranger = await api(method, url, stranger, body);
        expect(asStranger.statusCode, `${method} ${url}`).toBe(404);
        expect(asStranger.json().error.code).toBe('not_found');
      }
      // Another workspace's administrator cannot reach the endpoint through their own workspace.
      const elsewhere = `/workspaces/${otherWorkspaceId}/webhooks/${endpoint.id}`;
      for (const [method, url] of [
        ['DELETE', elsewhere],
        ['POST', `${elsewhere}/test`],
        ['GET', `${elsewhere}/deliveries`],
      ] as const) {
        const response = await api(method, url, otherAdmin);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('webhook_not_found');
      }
      expect(
        (await api('GET', `/workspaces/${otherWorkspaceId}/webhooks`, otherAdmin)).json(),
      ).toEqual([]);
      await api('DELETE', `${base}/${endpoint.id}`, admin);
    });

    it('refuse what is not an http(s) URL, URLs with credentials and events of no kind', async () => {
      for (const url of [
        'not a url',
        'ftp://hooks.example.com/',
        'https://a:b@hooks.example.com/',
      ]) {
        const response = await api('POST', `/workspaces/${workspaceId}/webhooks`, admin, {
          url,
          events: ['deal.created'],
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.code).toBe('webhook_url_invalid');
      }
      for (const events of [[], ['deal.updated']]) {
        const response = await api('POST', `/workspaces/${workspaceId}/webhooks`, admin, {
          url: 'https://hooks.example.com/',
          events,
        });
        expect(response.statusCode).toBe(400);
      }
    });
  });

  describe('deliveries', () => {
    it('are retried until the receiver answers 2xx, signed each time with the same id', async () => {
      const flaky = await receiver([500, 500, 200]);
      const endpoint = await register(admin, workspaceId, { url: flaky.url });
      flaky.useSecret(endpoint.secret);
      const test = await api(
        'POST',
        `/workspaces/${workspaceId}/webhooks/${endpoint.id}/test`,
        admin,
      );
      const { deliveryId } = test.json() as { deliveryId: string };

      await expect(runJob(deliveryId, 0)).rejects.toThrow(/HTTP 500/);
      const [afterFirst] = await deliveriesOf(endpoint.id);
      expect(afterFirst).toMatchObject({
        state: 'pending',
        attempts: 1,
        lastStatusCode: 500,
        lastError: 'HTTP 500',
      });
      expect(afterFirst?.lastAttemptAt).toBeInstanceOf(Date);
      await expect(runJob(deliveryId, 1)).rejects.toThrow(/HTTP 500/);
      await runJob(deliveryId, 2);

      expect(flaky.received).toHaveLength(3);
      expect(flaky.received.map((r) => r.headers['webhook-id'])).toEqual([
        deliveryId,
        deliveryId,
        deliveryId,
      ]);
      expect(flaky.received.every((r) => r.isVerified)).toBe(true);
      // The receiver's own check agrees with the verifier the README documents.
      for (const request of flaky.received) {
        expect(
          verifyWebhook(endpoint.secret, request.headers as Record<string, string>, request.body),
        ).toBe(true);
      }
      // The same body each time: it was fixed when the event happened.
      expect(new Set(flaky.received.map((r) => r.body)).size).toBe(1);
      expect(flaky.received[0]?.headers).toMatchObject({
        'content-type': 'application/json',
        'user-agent': 'Pactum-Webhooks/1',
      });
      const [delivered] = await deliveriesOf(endpoint.id);
      expect(delivered).toMatchObject({
        state: 'delivered',
        attempts: 3,
        lastStatusCode: 200,
        lastError: null,
      });
      expect(delivered?.deliveredAt).toBeInstanceOf(Date);

      // A delivered delivery is never sent again, whatever runs it.
      await runJob(deliveryId, 3);
      expect(flaky.received).toHaveLength(3);
    });

    it('are marked failed after the last retry, and stop when the endpoint is deleted', async () => {
      const failing = await receiver([503]);
      const endpoint = await register(admin, workspaceId, { url: failing.url });
      const first = await api(
        'POST',
        `/workspaces/${workspaceId}/webhooks/${endpoint.id}/test`,
        admin,
      );
      const second = await api(
        'POST',
        `/workspaces/${workspaceId}/webhooks/${endpoint.id}/test`,
        admin,
      );
      await runJob(first.json().deliveryId, 12);
      const [row] = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, first.json().deliveryId));
      expect(row).toMatchObject({ state: 'failed', attempts: 1, lastStatusCode: 503 });

      await api('DELETE', `/workspaces/${workspaceId}/webhooks/${endpoint.id}`, admin);
      await runJob(second.json().deliveryId, 0);
      expect(failing.received).toHaveLength(1);
      const [stopped] = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, second.json().deliveryId));
      expect(stopped).toMatchObject({ state: 'failed', attempts: 0 });
    });
  });

  describe('events of deals', () => {
    let receiverWorkspaceId: string;
    let receiverAdmin: TestUser;
    let receiverUser: TestUser;

    beforeAll(async () => {
      [receiverAdmin, receiverUser] = await createUsers(t.platform, 2);
      receiverWorkspaceId = await createWorkspaceWith(t.database.db, [receiverAdmin, receiverUser]);
    });
    beforeEach(async () => {
      // Each test starts without endpoints.
      await t.database.db.update(webhookEndpoints).set({ deletedAt: new Date() });
    });

    /**
     * A deal of `workspaceId` sent by `admin`, the receiver's side reached by their workspace;
     * with `isAgreedByReceiver`, every section agreed by the receiver.
     */
    async function dealBetweenWorkspaces(options: {
      withReceiverWorkspace: boolean;
      isAgreedByReceiver?: boolean;
    }) {
      const made = await createDeal(t.database.db, {
        sender: admin,
        receiver: receiverUser,
        isAgreedByReceiver: options.isAgreedByReceiver,
        ...(options.withReceiverWorkspace
          ? {
              workspaceAccess: {
                workspaceId: receiverWorkspaceId,
                party: 'receiver' as const,
                role: 'edit' as const,
              },
            }
          : {}),
      });
      await t.database.db.update(deals).set({ workspaceId }).where(eq(deals.id, made.deal.id));
      return made;
    }

    it('an agreed section: one delivery per subscribed endpoint of each party, one id each', async () => {
      const sender = await register(admin, workspaceId, { url: 'https://sender.example.com/h' });
      const senderOther = await register(admin, workspaceId, {
        url: 'https://sender.example.com/trash-only',
        events: ['deal.trashed'],
      });
      const receiving = await register(receiverAdmin, receiverWorkspaceId, {
        url: 'https://receiver.example.com/h',
      });
      const outsider = await register(otherAdmin, otherWorkspaceId, {
        url: 'https://outsider.example.com/h',
      });
      const { deal, sections } = await dealBetweenWorkspaces({ withReceiverWorkspace: true });
      const section = sections.find((one) => one.type === 'normal');
      if (!section) throw new Error('no section');

      const agreed = await api(
        'POST',
        `/deals/${deal.id}/sections/${section.id}/agree`,
        receiverUser,
        { baseLogLength: 1 },
      );
      expect(agreed.statusCode, agreed.body).toBe(200);

      const senderRows = await deliveriesOf(sender.id);
      const receiverRows = await deliveriesOf(receiving.id);
      expect(senderRows).toHaveLength(1);
      expect(receiverRows).toHaveLength(1);
      expect(await deliveriesOf(senderOther.id)).toEqual([]);
      expect(await deliveriesOf(outsider.id)).toEqual([]);
      const [senderRow] = senderRows;
      const [receiverRow] = receiverRows;
      if (!senderRow || !receiverRow) throw new Error('no deliveries');
      expect(senderRow.id).not.toBe(receiverRow.id);
      expect(await jobsOf(senderRow.id)).toBe(1);
      expect(await jobsOf(receiverRow.id)).toBe(1);
      const payload = webhookPayloadSchema.parse(JSON.parse(senderRow.payload));
      expect(payload).toMatchObject({
        type: 'section.agreed',
        data: {
          dealId: deal.id,
          title: 'Service agreement',
          contractId: expect.stringMatching(/^DSACMBET/),
          state: 'negotiate',
          parties: { sender: 'Acme Oy', receiver: 'Beta Ab' },
          section: { id: section.id, title: section.title },
        },
      });
      expect(receiverRow.payload).toBe(senderRow.payload);
    });

    it('a trashed deal of one workspace never reaches another workspace’s endpoints', async () => {
      const sender = await register(admin, workspaceId, { url: 'https://sender.example.com/h' });
      const receiving = await register(receiverAdmin, receiverWorkspaceId, {
        url: 'https://receiver.example.com/h',
      });
      const { deal } = await dealBetweenWorkspaces({ withReceiverWorkspace: false });
      const trashed = await api('POST', `/deals/${deal.id}/trash`, admin);
      expect(trashed.statusCode, trashed.body).toBe(200);
      const [row, ...more] = await deliveriesOf(sender.id);
      expect(more).toEqual([]);
      expect(JSON.parse(row?.payload ?? '')).toMatchObject({
        type: 'deal.trashed',
        data: { dealId: deal.id, state: 'trash' },
      });
      expect(await deliveriesOf(receiving.id)).toEqual([]);
    });

    it('deals created by the send job: one delivery per deal, none more when the job runs again', async () => {
      const [seller] = await createUsers(t.platform, 1);
      const { workspace, draft, sent } = await sendNewDraft(t.app, t.database.db, seller, [
        { name: 'Buyer Ab', emails: ['buyer@example.test'] },
        { name: 'Other Oy', emails: ['other@example.test'] },
      ]);
      expect(sent.statusCode, sent.body).toBe(202);
      const endpoint = await register(seller, workspace.id, {
        url: 'https://seller.example.com/h',
        events: ['deal.created'],
      });
      await sendDraftJob(t.platform).handle(
        { draftId: draft.id },
        { jobId: 'test', retryCount: 0 },
      );
      await sendDraftJob(t.platform).handle(
        { draftId: draft.id },
        { jobId: 'test', retryCount: 1 },
      );
      const rows = await deliveriesOf(endpoint.id);
      const made = await t.database.db.select().from(deals).where(eq(deals.draftId, draft.id));
      expect(made).toHaveLength(2);
      expect(rows.map((row) => JSON.parse(row.payload).data.dealId).sort()).toEqual(
        made.map((deal) => deal.id).sort(),
      );
      expect(JSON.parse(rows[0]?.payload ?? '')).toMatchObject({
        type: 'deal.created',
        data: { state: 'new', parties: { sender: 'Seller Oy' } },
      });
    });

    it('signing started and the document signed, with the sealed PDF’s hash and link', async () => {
      const sender = await register(admin, workspaceId, {
        url: 'https://sender.example.com/h',
        events: ['signing.started', 'document.signed'],
      });
      const { deal } = await dealBetweenWorkspaces({
        withReceiverWorkspace: false,
        isAgreedByReceiver: true,
      });
      await t.database.db.update(deals).set({ state: 'negotiate' }).where(eq(deals.id, deal.id));
      const started = await api('POST', `/deals/${deal.id}/start-signing`, admin, {
        signers: [signerInput(admin, 'sender', '+358401110001')],
      });
      expect(started.statusCode, started.body).toBe(200);
      const setup = await api('PUT', `/deals/${deal.id}/signers`, receiverUser, {
        signers: [signerInput(receiverUser, 'receiver', '+358401110002')],
      });
      expect(setup.statusCode, setup.body).toBe(200);
      const signers = await t.database.db
        .select()
        .from(dealSigners)
        .where(eq(dealSigners.dealId, deal.id));
      for (const [user, party] of [
        [admin, 'sender'],
        [receiverUser, 'receiver'],
      ] as const) {
        const signer = signers.find((one) => one.party === party);
        const signed = await api(
          'POST',
          `/deals/${deal.id}/signers/${signer?.id}/sign`,
          user,
          signRequest('Signed'),
        );
        expect(signed.statusCode, signed.body).toBe(200);
      }
      // Signed, but the PDF is not sealed yet: the event waits for it.
      expect((await deliveriesOf(sender.id)).map((row) => row.eventType)).toEqual([
        'signing.started',
      ]);

      await registerSigningJobs(t.platform).definition.handle(
        { dealId: deal.id },
        { jobId: 'test', retryCount: 0 },
      );
      const [pdf] = await t.database.db
        .select()
        .from(signedPdfs)
        .where(eq(signedPdfs.dealId, deal.id));
      const signedRow = (await deliveriesOf(sender.id)).find(
        (row) => row.eventType === 'document.signed',
      );
      const startedRow = (await deliveriesOf(sender.id)).find(
        (row) => row.eventType === 'signing.started',
      );
      expect(JSON.parse(startedRow?.payload ?? '')).toMatchObject({ sequence: 1 });
      // The endpoint has not had signing.started yet: document.signed waits behind it.
      expect(await jobsOf(startedRow?.id ?? '')).toBe(1);
      expect(await jobsOf(signedRow?.id ?? '')).toBe(0);
      expect(JSON.parse(signedRow?.payload ?? '')).toMatchObject({
        type: 'document.signed',
        sequence: 2,
        data: {
          dealId: deal.id,
          state: 'signed',
          sha256: pdf?.sha256,
          downloadUrl: `http://localhost:3000/api/v1/deals/${deal.id}/signed-pdf`,
        },
      });
    });

    /** Queues a deal event in a transaction of its own, as the change that causes it does. */
    const queueEvent = (event: DealWebhookEvent) =>
      t.database.db.transaction((tx) => queueDealWebhook(t.platform, tx, event));

    type Body = { type: string; timestamp: string; sequence: number; data: { dealId: string } };
    const bodyOf = (request: Received) => JSON.parse(request.body) as Body;

    it('a deal’s events reach an endpoint that fails at first in their order, numbered 1, 2, 3 under the signature', async () => {
      // The first event fails twice, the second once; then every answer is 200.
      const flaky = await receiver([500, 503, 200, 500, 200]);
      const endpoint = await register(admin, workspaceId, { url: flaky.url });
      flaky.useSecret(endpoint.secret);
      const { deal } = await dealBetweenWorkspaces({ withReceiverWorkspace: false });
      const ids = [
        ...(await queueEvent({ type: 'deal.created', dealId: deal.id })),
        ...(await queueEvent({ type: 'signing.started', dealId: deal.id })),
        ...(await queueEvent({
          type: 'document.signed',
          dealId: deal.id,
          sha256: 'ab'.repeat(32),
        })),
      ];
      expect(ids).toHaveLength(3);

      await workOffJobs(ids);

      // Each event was sent only once the one before it had been delivered, retries and all.
      expect(flaky.received.map((request) => [bodyOf(request).type, request.status])).toEqual([
        ['deal.created', 500],
        ['deal.created', 503],
        ['deal.created', 200],
        ['signing.started', 500],
        ['signing.started', 200],
        ['document.signed', 200],
      ]);
      expect(flaky.received.map((request) => bodyOf(request).sequence)).toEqual([1, 1, 1, 2, 2, 3]);
      const delivered = flaky.received.filter((request) => request.status === 200).map(bodyOf);
      expect(delivered.map((body) => [body.sequence, body.type, body.data.dealId])).toEqual([
        [1, 'deal.created', deal.id],
        [2, 'signing.started', deal.id],
        [3, 'document.signed', deal.id],
      ]);
      // When each event happened, in the same order, and the envelope is still the documented one.
      const times = delivered.map((body) => Date.parse(body.timestamp));
      expect(times.every(Number.isFinite)).toBe(true);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const request of flaky.received) webhookPayloadSchema.parse(bodyOf(request));
      // A retry is the same delivery: same id, same bytes (sequence and timestamp included).
      const byId = new Map<string, Set<string>>();
      for (const request of flaky.received) {
        const id = String(request.headers['webhook-id']);
        byId.set(id, (byId.get(id) ?? new Set()).add(request.body));
      }
      expect([...byId.keys()]).toEqual(ids);
      expect([...byId.values()].every((bodies) => bodies.size === 1)).toBe(true);
      // The signature covers the sequence and the timestamp: changing either fails the check.
      expect(flaky.received.every((request) => request.isVerified)).toBe(true);
      const second = flaky.received.find(
        (request) => request.status === 200 && bodyOf(request).sequence === 2,
      );
      if (!second) throw new Error('no second event');
      const headers = second.headers as Record<string, string>;
      expect(verifyWebhook(endpoint.secret, headers, second.body)).toBe(true);
      const renumbered = second.body.replace('"sequence":2', '"sequence":3');
      expect(renumbered).not.toBe(second.body);
      expect(verifyWebhook(endpoint.secret, headers, renumbered)).toBe(false);
      const retimed = second.body.replace(
        bodyOf(second).timestamp,
        new Date(Date.parse(bodyOf(second).timestamp) + 1).toISOString(),
      );
      expect(retimed).not.toBe(second.body);
      expect(verifyWebhook(endpoint.secret, headers, retimed)).toBe(false);

      const rows = await deliveriesOf(endpoint.id);
      expect(rows.map((row) => [row.sequence, row.state]).sort()).toEqual([
        [1, 'delivered'],
        [2, 'delivered'],
        [3, 'delivered'],
      ]);
    });

    it('numbers each endpoint’s line on its own, from 1', async () => {
      const all = await register(admin, workspaceId, { url: 'https://sender.example.com/all' });
      const signedOnly = await register(admin, workspaceId, {
        url: 'https://sender.example.com/signed',
        events: ['document.signed'],
      });
      const { deal } = await dealBetweenWorkspaces({ withReceiverWorkspace: false });
      const other = await dealBetweenWorkspaces({ withReceiverWorkspace: false });
      await queueEvent({ type: 'deal.created', dealId: deal.id });
      await queueEvent({ type: 'deal.created', dealId: other.deal.id });
      await queueEvent({ type: 'document.signed', dealId: deal.id, sha256: 'cd'.repeat(32) });
      /** Each delivery as `type deal #sequence`, the payload's number checked against the row. */
      const numbers = async (endpointId: string) =>
        (await deliveriesOf(endpointId))
          .map((row) => {
            expect(JSON.parse(row.payload).sequence).toBe(row.sequence);
            return `${row.eventType} ${row.dealId === deal.id ? 'deal' : 'other'} #${row.sequence}`;
          })
          .sort();
      expect(await numbers(all.id)).toEqual([
        'deal.created deal #1',
        'deal.created other #1',
        'document.signed deal #2',
      ]);
      expect(await numbers(signedOnly.id)).toEqual(['document.signed deal #1']);
    });

    it('events of one deal queued at once take distinct numbers in commit order, and go one by one', async () => {
      const local = await receiver([200]);
      const endpoint = await register(admin, workspaceId, {
        url: local.url,
        events: ['section.agreed'],
      });
      local.useSecret(endpoint.secret);
      const { deal, sections } = await dealBetweenWorkspaces({ withReceiverWorkspace: false });
      const committed: string[] = [];
      const ids = await Promise.all(
        sections.slice(0, 4).map(async (section) => {
          const [id] = await t.database.db.transaction(async (tx) => {
            const queued = await queueDealWebhook(t.platform, tx, {
              type: 'section.agreed',
              dealId: deal.id,
              section: { id: section.id, title: section.title },
            });
            // Held open a moment, so that the transactions overlap (on PostgreSQL).
            await new Promise((resolve) => setTimeout(resolve, 30));
            return queued;
          });
          committed.push(section.id);
          return id ?? '';
        }),
      );
      const rows = await deliveriesOf(endpoint.id);
      expect(rows.map((row) => row.sequence).sort()).toEqual([1, 2, 3, 4]);
      const jobs = await Promise.all(rows.map(async (row) => [row.sequence, await jobsOf(row.id)]));
      expect(jobs.filter(([, n]) => n !== 0)).toEqual([[1, 1]]);

      await workOffJobs(ids);
      const bodies = local.received.map(
        (request) => JSON.parse(request.body) as Body & { data: { section: { id: string } } },
      );
      expect(bodies.map((body) => body.sequence)).toEqual([1, 2, 3, 4]);
      expect(bodies.map((body) => body.data.section.id)).toEqual(committed);
    });

    it('a delivery given up hands over to the next event of its deal; a later one run early waits', async () => {
      const failing = await receiver([503, 200]);
      const endpoint = await register(admin, workspaceId, { url: failing.url });
      const { deal } = await dealBetweenWorkspaces({ withReceiverWorkspace: false });
      const [first] = await queueEvent({ type: 'deal.created', dealId: deal.id });
      const [second] = await queueEvent({ type: 'signing.started', dealId: deal.id });
      const [third] = await queueEvent({ type: 'deal.trashed', dealId: deal.id });
      if (!first || !second || !third) throw new Error('not queued');
      const stateOf = async (id: string) =>
        (await deliveriesOf(endpoint.id)).find((row) => row.id === id);

      // A run of the second before the first ended (not a job the server made) sends nothing.
      await runJob(second, 0);
      expect(failing.received).toEqual([]);
      expect(await stateOf(second)).toMatchObject({ state: 'pending', attempts: 0 });

      // The first's last attempt fails: it is given up, and the second gets its job.
      await runJob(first, WEBHOOK_RETRY_LIMIT);
      expect(await stateOf(first)).toMatchObject({ state: 'failed', lastStatusCode: 503 });
      expect([await jobsOf(second), await jobsOf(third)]).toEqual([1, 0]);
      await runJob(second, 0);
      expect(await stateOf(second)).toMatchObject({ state: 'delivered', attempts: 1 });
      expect(await jobsOf(third)).toBe(1);

      // The endpoint deleted: the rest of the line ends without being sent.
      await api('DELETE', `/workspaces/${workspaceId}/webhooks/${endpoint.id}`, admin);
      await runJob(third, 0);
      expect(await stateOf(third)).toMatchObject({ state: 'failed', attempts: 0 });
      expect(failing.received.map((request) => bodyOf(request).sequence)).toEqual([1, 2]);
    });

    it('a line whose job ended without recording an end gets its job again at start, once', async () => {
      const endpoint = await register(admin, workspaceId, { url: 'https://line.example.com/h' });
      const { deal } = await dealBetweenWorkspaces({ withReceiverWorkspace: false });
      const [first] = await queueEvent({ type: 'deal.created', dealId: deal.id });
      const [second] = await queueEvent({ type: 'signing.started', dealId: deal.id });
      if (!first || !second) throw new Error('not queued');
      // The first's last run failed before it could record anything (the database was away):
      // pg-boss gave the job up, the delivery is still pending, and the second waits behind it.
      await t.database.db.execute(
        sql`UPDATE pgboss.job SET state = 'failed'
          WHERE name = 'webhook.deliver' AND data->>'deliveryId' = ${first}`,
      );
      const liveJobsOf = async (deliveryId: string) => {
        const result = (await t.database.db.execute(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook.deliver'
            AND data->>'deliveryId' = ${deliveryId} AND state IN ('created', 'retry', 'active')`,
        )) as unknown as { rows: { n: number }[] };
        return Number(result.rows[0]?.n ?? 0);
      };
      expect([await liveJobsOf(first), await liveJobsOf(second)]).toEqual([0, 0]);

      expect(await resumeWebhookLines(t.platform)).toBeGreaterThanOrEqual(1);
      expect([await liveJobsOf(first), await liveJobsOf(second)]).toEqual([1, 0]);
      // A second start finds the line's head with its job: nothing more.
      await resumeWebhookLines(t.platform);
      expect([await liveJobsOf(first), await liveJobsOf(second)]).toEqual([1, 0]);
      expect((await deliveriesOf(endpoint.id)).map((row) => row.state)).toEqual([
        'pending',
        'pending',
      ]);
    });

    it('a change rolled back queues nothing', async () => {
      const sender = await register(admin, workspaceId, { url: 'https://sender.example.com/h' });
      const { deal } = await dealBetweenWorkspaces({ withReceiverWorkspace: false });
      await t.database.db.update(deals).set({ state: 'signed' }).where(eq(deals.id, deal.id));
      const refused = await api('POST', `/deals/${deal.id}/trash`, admin);
      expect(refused.statusCode).toBe(409);
      expect(await deliveriesOf(sender.id)).toEqual([]);
    });
  });
});

describe('webhooks in production', () => {
  let t: TestApp;
  let admin: TestUser;
  let workspaceId: string;
  let local: Receiver;

  beforeAll(async () => {
    t = await createTestApp({
      isWorker: false,
      env: { NODE_ENV: 'production', DEV_OUTBOX: '1' },
    });
    [admin] = await createUsers(t.platform, 1);
    workspaceId = await createWorkspaceWith(t.database.db, [admin]);
    local = await startReceiver([200]);
  });
  afterAll(async () => {
    await local?.close();
    await t?.close();
  });

  it('refuses endpoints on private or loopback addresses, and http', async () => {
    for (const [url, code] of [
      ['https://127.0.0.1/hook', 'webhook_url_private'],
      ['https://10.0.0.5/', 'webhook_url_private'],
      ['https://[::1]/', 'webhook_url_private'],
      ['https://localhost/', 'webhook_url_private'],
      ['http://hooks.example.com/', 'webhook_url_invalid'],
    ]) {
      const response = await callApi(
        t.app,
        'POST',
        `/workspaces/${workspaceId}/webhooks`,
        admin.cookie,
        {
          url,
          events: ['deal.created'],
        },
      );
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe(code);
    }
  });

  it('checks the address again at delivery and fails the attempt without connecting', async () => {
    // As if the name had resolved to a public address when it was registered.
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({
        workspaceId,
        url: `https://localhost:${local.port}/hook`,
        events: ['deal.created'],
        secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
      })
      .returning();
    if (!endpoint) throw new Error('no endpoint');
    const test = await callApi(
      t.app,
      'POST',
      `/workspaces/${workspaceId}/webhooks/${endpoint.id}/test`,
      admin.cookie,
    );
    const { deliveryId } = test.json() as { deliveryId: string };
    await expect(
      webhookDeliveryJob(t.platform).handle({ deliveryId }, { jobId: 'test', retryCount: 0 }),
    ).rejects.toThrow(/private network/);
    expect(local.received).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId));
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: null });
  });
});

describe('webhooks never hold up the request that caused the event', () => {
  let t: TestApp;
  let silent: Receiver;

  beforeAll(async () => {
    // Workers on: deliveries run as they would in the server.
    t = await createTestApp({ isWorker: true });
    silent = await startReceiver(['hang']);
  });
  afterAll(async () => {
    await silent?.close();
    await t?.close();
  });

  it('answers a trash at once while the endpoint hangs, and the attempt is recorded later', async () => {
    const [admin, receiver] = await createUsers(t.platform, 2);
    const workspaceId = await createWorkspaceWith(t.database.db, [admin]);
    const created = await callApi(
      t.app,
      'POST',
      `/workspaces/${workspaceId}/webhooks`,
      admin.cookie,
      {
        url: silent.url,
        events: ['deal.trashed'],
      },
    );
    const endpointId = (created.json() as { id: string }).id;
    const { deal } = await createDeal(t.database.db, { sender: admin, receiver });
    await t.database.db.update(deals).set({ workspaceId }).where(eq(deals.id, deal.id));

    const trashed = await callApi(t.app, 'POST', `/deals/${deal.id}/trash`, admin.cookie);
    expect(trashed.statusCode).toBe(200);
    // Answered before any attempt ended: one that waited for the endpoint would have recorded
    // its failed attempt (after 10 s) before the answer.
    const [atAnswer] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(atAnswer).toMatchObject({ state: 'pending', attempts: 0, lastAttemptAt: null });
    // Retried with exponential backoff, the last retry about a day after the event.
    const [job] = (
      (await t.database.db.execute(
        sql`SELECT retry_limit AS "retryLimit", retry_delay AS "retryDelay",
              retry_backoff AS "retryBackoff"
            FROM pgboss.job WHERE name = 'webhook.deliver' AND data->>'deliveryId' = ${atAnswer?.id}`,
      )) as unknown as { rows: { retryLimit: number; retryDelay: number; retryBackoff: boolean }[] }
    ).rows;
    expect(job).toMatchObject({ retryBackoff: true });
    // pg-boss waits between d·2^(n−1) and d·2^n seconds before retry n: the retries end at
    // least the sum of the shorter waits after the event, about a day.
    const retries = Array.from({ length: job?.retryLimit ?? 0 }, (_, n) => n);
    const soonestEndHours =
      retries.reduce((sum, n) => sum + (job?.retryDelay ?? 0) * 2 ** n, 0) / 3600;
    expect(soonestEndHours).toBeGreaterThanOrEqual(12);
    expect(soonestEndHours).toBeLessThanOrEqual(24);

    // The worker posts it, the endpoint never answers, and the attempt fails after 10 s.
    await eventually(() => (silent.received.length > 0 ? true : undefined));
    const row = await eventually(async () => {
      const [one] = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId));
      return one && one.attempts > 0 ? one : undefined;
    }, 25_000);
    expect(row).toMatchObject({ state: 'pending', lastError: 'No answer within 10 s' });
  }, 40_000);

  it('sends drafts while 10 000 deliveries to a dead endpoint wait', async () => {
    const [admin, seller] = await createUsers(t.platform, 2);
    const workspaceId = await createWorkspaceWith(t.database.db, [admin]);
    const created = await callApi(
      t.app,
      'POST',
      `/workspaces/${workspaceId}/webhooks`,
      admin.cookie,
      { url: silent.url, events: ['deal.trashed'] },
    );
    const endpointId = (created.json() as { id: string }).id;
    const backlog = 10_000;
    const job = webhookDeliveryJob(t.platform);
    await t.database.db.transaction(async (tx) => {
      const rows = Array.from({ length: backlog }, (_, index) => ({
        id: `msg_backlog_${index}`,
        endpointId,
        eventType: 'webhook.test',
        payload: '{}',
      }));
      for (let start = 0; start < rows.length; start += 1_000) {
        await tx.insert(webhookDeliveries).values(rows.slice(start, start + 1_000));
      }
      await t.platform.jobs.enqueueMany(
        tx,
        job,
        rows.map((row) => ({ deliveryId: row.id })),
      );
    });

    // The send runs on its own queue: the deal is made while the backlog has hardly begun.
    const { draft, sent } = await sendNewDraft(t.app, t.database.db, seller, [
      { name: 'Buyer Ab', emails: ['buyer@example.test'] },
    ]);
    expect(sent.statusCode, sent.body).toBe(202);
    await eventually(async () => {
      const made = await t.database.db.select().from(deals).where(eq(deals.draftId, draft.id));
      return made.length === 1 ? made : undefined;
    }, 30_000);
    const [waiting] = (
      (await t.database.db.execute(
        sql`SELECT count(*)::int AS count FROM webhook_delivery
            WHERE endpoint_id = ${endpointId} AND attempts = 0`,
      )) as unknown as { rows: { count: number }[] }
    ).rows;
    // At most the webhook workers' handful were tried; the send did not wait for the rest.
    expect(waiting?.count).toBeGreaterThan(backlog - 100);
  }, 120_000);
});
