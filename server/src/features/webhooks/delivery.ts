import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import {
  findDeliveryForAttempt,
  findPendingInLine,
  lockLine,
  recordAttempt,
  stalledLineHeads,
  type WebhookDeliveryRow,
} from './queries';
import { webhookHeaders } from './signature';
import { isPrivateAddress, parseWebhookUrl } from './url-check';

/*
 * The delivery job (`webhook.deliver`): one job per delivery, on a queue of its own, so an
 * endpoint that hangs or fails can only hold webhook workers, never mails, text messages or the
 * send job. Each run POSTs the stored body, signed afresh with the attempt's timestamp; a 2xx
 * answer delivers it, anything else is recorded on the row and thrown, and pg-boss retries
 * with exponential backoff. The delivery id is the same on every attempt, so a receiver that
 * got a delivery whose answer was lost drops the repeat. A delivery that is no longer pending
 * (delivered, failed) is never sent again, and one whose endpoint was deleted stops.
 *
 * A deal's deliveries to one endpoint go in `sequence` order: only the first pending one of the
 * line has a job (`events.ts`), and when it ends (delivered, given up, endpoint deleted) the
 * same transaction that records it enqueues the job of the next one. The hand-over locks the
 * line's counter row, as queueing an event does, so an event queued meanwhile is either seen
 * here or sees this one ended. A later event thus waits for the earlier one's retries: up to
 * the day they take when the endpoint is down.
 */

/**
 * Retries after the first attempt. pg-boss waits between d·2^(n−1) and d·2^n seconds before
 * retry n (d = the delay below, jitter in between): with d = 15, retry 12 comes 17 to 34 hours
 * (about 26 on average) after the event, and the 13 attempts are spread over that day.
 */
export const WEBHOOK_RETRY_LIMIT = 12;
export const WEBHOOK_RETRY_DELAY_SECONDS = 15;
/** An endpoint must answer within this; the answer's status is all that is read. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Webhook workers per process: a hanging endpoint holds one of them for the timeout. */
const WEBHOOK_WORKERS = 4;

export type WebhookJobData = { deliveryId: string };

/** The outcome of one attempt: the answer's status, or why there was none. */
export type AttemptResult = { statusCode: number | null; error: string | null };

class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
}

/**
 * Resolves like the system does for a connection and refuses a private address, so that the
 * connection goes to the very address that was checked (no second lookup to rebind).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const list = addresses as unknown as LookupAddress[];
    const refused = list.find(({ address }) => isPrivateAddress(address));
    const first = list[0];
    if (refused || !first) {
      const reason = refused ? `${refused.address} is on a private network` : 'no address';
      callback(new PrivateAddressError(`${hostname}: ${reason}`), '', 0);
      return;
    }
    if (options.all) callback(null, list);
    else callback(null, first.address, first.family);
  });
};

function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { isProduction: boolean; signal: AbortSignal },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // A fresh connection each time, made through the checked lookup in production.
        agent: false,
        signal: options.signal,
        ...(options.isProduction ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        // The status is the answer; its body is not read (nor followed, for a redirect).
        response.destroy();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * POSTs one attempt of a delivery: never throws, says how it went. In production the URL's
 * rules and its addresses are checked again first, and a private one fails without connecting.
 */
export async function postWebhook(
  target: { url: string; secret: string },
  message: { id: string; body: string },
  options: { isProduction: boolean; now?: Date },
): Promise<AttemptResult> {
  const parsed = parseWebhookUrl(target.url, { isProduction: options.isProduction });
  if ('problem' in parsed) {
    return {
      statusCode: null,
      error:
        parsed.problem === 'webhook_url_private'
          ? 'The address is on a private network'
          : 'The address is not an allowed URL',
    };
  }
  const signal = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  try {
    const statusCode = await post(
      parsed.url,
      webhookHeaders(target.secret, message, options.now),
      message.body,
      { isProduction: options.isProduction, signal },
    );
    const isOk = statusCode >= 200 && statusCode < 300;
    return { statusCode, error: isOk ? null : `HTTP ${statusCode}` };
  } catch (error) {
    if (signal.aborted) return { statusCode: null, error: 'No answer within 10 s' };
    const { code, message: text } = error as NodeJS.ErrnoException;
    return { statusCode: null, error: (code ? `${code}: ${text}` : text).slice(0, 500) };
  }
}

/**
 * Records an attempt (or the end without one) and, when that ends a delivery of a deal's line,
 * enqueues the next pending one of the line, in one transaction. Returns whether the delivery
 * was still pending (false: another run of it recorded first).
 */
async function finishAttempt(
  platform: Platform,
  delivery: WebhookDeliveryRow,
  attempt: Omit<Parameters<typeof recordAttempt>[1], 'deliveryId'>,
): Promise<boolean> {
  const { dealId, sequence } = delivery;
  const line = dealId && sequence !== null ? { endpointId: delivery.endpointId, dealId } : null;
  return platform.database.db.transaction(async (tx) => {
    if (line) await lockLine(tx, line);
    const wasPending = await recordAttempt(tx, { deliveryId: delivery.id, ...attempt });
    if (line && sequence !== null && wasPending && attempt.state !== 'pending') {
      const next = await findPendingInLine(tx, { ...line, sequence, side: 'after' });
      if (next) {
        await platform.jobs.enqueue(tx, webhookDeliveryJob(platform), { deliveryId: next });
      }
    }
    return wasPending;
  });
}

/**
 * One run of the job: 'delivered', 'retry' (failed, more attempts to come), 'failed' (the
 * last attempt failed), 'skipped' (not pending, or its endpoint deleted) or 'waiting' (an
 * earlier event of its deal to the endpoint is pending; that one hands over when it ends).
 */
export async function attemptDelivery(
  platform: Platform,
  deliveryId: string,
  options: { isLastAttempt: boolean },
): Promise<{
  outcome: 'delivered' | 'retry' | 'failed' | 'skipped' | 'waiting';
  error: string | null;
}> {
  const { db } = platform.database;
  const row = await findDeliveryForAttempt(db, deliveryId);
  if (row?.delivery.state !== 'pending') return { outcome: 'skipped', error: null };
  const { delivery } = row;
  // Only a line's first pending delivery has a job; a run of another one (a job from before
  // the lines, or run by hand) must not overtake.
  if (delivery.dealId && delivery.sequence !== null) {
    const earlier = await findPendingInLine(db, {
      side: 'before',
      endpointId: delivery.endpointId,
      dealId: delivery.dealId,
      sequence: delivery.sequence,
    });
    if (earlier) return { outcome: 'waiting', error: null };
  }
  if (row.endpointDeletedAt) {
    const error = 'The endpoint was deleted';
    await finishAttempt(platform, delivery, {
      state: 'failed',
      statusCode: null,
      error,
      isAttempted: false,
    });
    return { outcome: 'skipped', error };
  }
  const result = await postWebhook(
    { url: row.url, secret: row.secret },
    { id: delivery.id, body: delivery.payload },
    { isProduction: platform.config.env === 'production' },
  );
  const isDelivered = result.error === null;
  const state = isDelivered ? 'delivered' : options.isLastAttempt ? 'failed' : 'pending';
  const wasPending = await finishAttempt(platform, delivery, {
    state,
    statusCode: result.statusCode,
    error: result.error,
    isAttempted: true,
  });
  // Another run of the same delivery finished first (a run that expired and ran again).
  if (!wasPending) return { outcome: 'skipped', error: null };
  return {
    outcome: isDelivered ? 'delivered' : state === 'failed' ? 'failed' : 'retry',
    error: result.error,
  };
}

const jobs = new WeakMap<Platform, JobDefinition<WebhookJobData>>();

/** The delivery job of a platform (made once). */
export function webhookDeliveryJob(platform: Platform): JobDefinition<WebhookJobData> {
  const known = jobs.get(platform);
  if (known) return known;
  const definition = defineJob<WebhookJobData>({
    name: 'webhook.deliver',
    retryLimit: WEBHOOK_RETRY_LIMIT,
    retryDelaySeconds: WEBHOOK_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    // One POST with a 10 s timeout (and a lookup): well inside.
    expireInSeconds: 30,
    workers: WEBHOOK_WORKERS,
    async handle({ deliveryId }, { retryCount }) {
      const { outcome, error } = await attemptDelivery(platform, deliveryId, {
        isLastAttempt: retryCount >= WEBHOOK_RETRY_LIMIT,
      });
      // pg-boss retries it later.
      if (outcome === 'retry') throw new Error(`Webhook ${deliveryId} not delivered: ${error}`);
    },
  });
  jobs.set(platform, definition);
  return definition;
}

const registered = new WeakSet<Platform>();

/** Registers the delivery job once per platform (the web app and `npm run worker` both call it). */
export function registerWebhookJobs(platform: Platform): JobDefinition<WebhookJobData> {
  const definition = webhookDeliveryJob(platform);
  if (!registered.has(platform)) {
    platform.jobs.register(definition);
    registered.add(platform);
  }
  return definition;
}

/**
 * At start: every deal's line to an endpoint whose first pending delivery has no job gets one
 * again, so a line stalled by a run that could not record its end goes on. Returns how many.
 */
export async function resumeWebhookLines(platform: Platform): Promise<number> {
  const heads = await stalledLineHeads(platform.database.db);
  for (const deliveryId of heads) {
    await platform.database.db.transaction(async (tx) => {
      await platform.jobs.enqueue(tx, webhookDeliveryJob(platform), { deliveryId });
    });
  }
  return heads.length;
}
