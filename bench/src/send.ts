import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../server/src/db/client';
import { workspaceMembers, workspaces } from '../../server/src/db/schema';
import { applyCreditChange } from '../../server/src/features/workspaces/ledger';

/*
 * send-to-100: one draft sent to 100 receivers through the API, as the send page does it, timed
 * from the send request until all its deals exist and until all its invite mails are delivered
 * (rows in the dev outbox, where the app keeps mail when no SMTP is configured). The job workers
 * must run meanwhile.
 */

/** One timed send. */
export type SendRun = {
  receivers: number;
  /** The send request's own answer time. */
  requestMs: number;
  /** Until the 100th deal of the draft exists; null when it did not within the limit. */
  dealsSeconds: number | null;
  /** Until the 100th invite mail is in the outbox. */
  mailsSeconds: number | null;
  /** What existed at the end (less than `receivers` when the limit was reached). */
  deals: number;
  mails: number;
};

const POLL_MS = 50;

type Api = (method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown) => Promise<unknown>;

function apiAs(baseUrl: string, cookie: string): Api {
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // Generous: on embedded PGlite under load a hundred receivers take a while to store.
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/**
 * A verified workspace of the sender's with `credits` bought through the ledger (the function
 * the app's purchases call), so the send's charge is covered.
 */
async function createSendWorkspace(
  database: Database,
  options: { userId: string; credits: number; run: number },
): Promise<string> {
  return database.db.transaction(async (tx) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values({ title: `Bench sending ${options.run}`, type: 'invoice', isVerified: true })
      .returning({ id: workspaces.id });
    if (!workspace) throw new Error('workspace not created');
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: workspace.id, userId: options.userId, role: 'edit' });
    await applyCreditChange(tx, {
      workspaceId: workspace.id,
      idempotencyKey: `bench:credits:${workspace.id}`,
      product: 'credits',
      purchase: options.credits,
      userId: options.userId,
    });
    return workspace.id;
  });
}

async function countOf(database: Database, text: string, params: unknown[]): Promise<number> {
  const { rows } = await database.query(text, params);
  return Number(rows[0]?.count ?? 0);
}

/**
 * Makes a draft of one of the sender's templates with `receivers` receivers through the API,
 * sends it and waits (at most `limitSeconds`) until its deals and invite mails are all there.
 */
export async function timeSend(options: {
  database: Database;
  baseUrl: string;
  sender: { userId: string; cookie: string };
  receivers: number;
  run: number;
  limitSeconds: number;
}): Promise<SendRun> {
  const { database, sender, receivers, run } = options;
  const api = apiAs(options.baseUrl, sender.cookie);
  const { rows } = await database.query(
    `SELECT t.id FROM template t JOIN document_access a
       ON a.collection = 'templates' AND a.document_id = t.id AND a.user_id = $1 AND a.role = 'edit'
     WHERE t.deleted_at IS NULL ORDER BY t.id LIMIT 1`,
    [sender.userId],
  );
  const templateId = rows[0]?.id;
  if (!templateId) throw new Error('The sender has no template to send');
  const workspaceId = await createSendWorkspace(database, {
    userId: sender.userId,
    credits: 100 * receivers,
    run,
  });
  const draft = (await api('POST', `/api/v1/templates/${templateId}/drafts`, {})) as { id: string };
  await api('PATCH', `/api/v1/drafts/${draft.id}`, {
    parties: {
      sender: { type: 'business', name: 'Bench Seller Oy' },
      receiver: { type: 'business', name: '' },
    },
  });
  // One address domain per run and draft, so the outbox count is this send's mails only.
  const domain = `send-${run}-${draft.id.slice(0, 8)}.bench.test`;
  await api('PUT', `/api/v1/drafts/${draft.id}/receivers`, {
    receivers: Array.from({ length: receivers }, (_, index) => ({
      party: { type: 'business', name: `Bench Buyer ${index + 1} Oy` },
      emails: [`buyer-${index + 1}@${domain}`],
    })),
  });

  const started = performance.now();
  await api('POST', `/api/v1/drafts/${draft.id}/send`, {
    workspaceId,
    dealProcess: 'negotiate',
    isConfirmed: true,
  });
  const requestMs = performance.now() - started;
  let dealsSeconds: number | null = null;
  let mailsSeconds: number | null = null;
  let deals = 0;
  let mails = 0;
  const deadline = started + options.limitSeconds * 1000;
  while (performance.now() < deadline && (dealsSeconds === null || mailsSeconds === null)) {
    const elapsed = (performance.now() - started) / 1000;
    if (dealsSeconds === null) {
      deals = await countOf(database, 'SELECT count(*) FROM deal WHERE draft_id = $1', [draft.id]);
      if (deals >= receivers) dealsSeconds = elapsed;
    }
    if (mailsSeconds === null) {
      mails = await countOf(
        database,
        `SELECT count(*) FROM dev_outbox WHERE kind = 'email' AND "to" LIKE $1`,
        [`%@${domain}`],
      );
      if (mails >= receivers) mailsSeconds = elapsed;
    }
    if (dealsSeconds === null || mailsSeconds === null) await sleep(POLL_MS);
  }
  return { receivers, requestMs, dealsSeconds, mailsSeconds, deals, mails };
}
