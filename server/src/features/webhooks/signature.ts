import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The Standard Webhooks scheme (https://www.standardwebhooks.com), as Pactum signs deliveries
 * and as a receiver checks them (the README's recipe is this code in words):
 *
 *   signed string  = `${webhook-id}.${webhook-timestamp}.${body}`
 *   key            = base64-decode(secret without its `whsec_` prefix)
 *   signature      = 'v1,' + base64(HMAC-SHA256(key, signed string))
 *
 * `webhook-signature` may hold several space-separated signatures (during a secret rotation);
 * one that matches is enough. The timestamp is in seconds and must be within the tolerance of
 * the receiver's clock, so a captured request cannot be replayed later.
 */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** A new delivery id (`webhook-id`): `msg_` + 16 random bytes, base64url. */
export function newWebhookMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? secret.slice(WEBHOOK_SECRET_PREFIX.length)
    : secret;
  return Buffer.from(encoded, 'base64');
}

/** The `webhook-signature` value of one message: `v1,<base64 HMAC-SHA256>`. */
export function signWebhook(
  secret: string,
  message: { id: string; timestamp: number; body: string },
): string {
  const mac = createHmac('sha256', secretKey(secret))
    .update(`${message.id}.${message.timestamp}.${message.body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The headers of one delivery attempt, signed at `now`. */
export function webhookHeaders(
  secret: string,
  message: { id: string; body: string },
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': message.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, { ...message, timestamp }),
    'user-agent': 'Pactum-Webhooks/1',
  };
}

type Headers = Record<string, string | string[] | undefined> | globalThis.Headers;

function header(headers: Headers, name: string): string | undefined {
  if (typeof (headers as globalThis.Headers).get === 'function') {
    return (headers as globalThis.Headers).get(name) ?? undefined;
  }
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks a received delivery: its id, a timestamp within `toleranceSeconds` of `now`, and a
 * `v1` signature over the raw body (the bytes as received, before any JSON parsing) that
 * matches, compared in constant time. Header names are lower case (as Node gives them).
 */
export function verifyWebhook(
  secret: string,
  headers: Headers,
  body: string,
  toleranceSeconds = 300,
  now: Date = new Date(),
): boolean {
  const id = header(headers, 'webhook-id');
  const timestampText = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestampText || !signatures || !/^\d+$/.test(timestampText)) return false;
  const timestamp = Number(timestampText);
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, { id, timestamp, body }));
  return signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
