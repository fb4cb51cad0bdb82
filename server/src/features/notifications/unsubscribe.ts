import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { loadAuthSecret } from '../../platform/auth/auth';
import type { Platform } from '../../platform/platform';

/*
 * One-click unsubscribe from the e-mail digests (RFC 8058). Each digest carries a link with a
 * token `<userId>.<signature>`, the signature an HMAC-SHA256 of the user id under the
 * installation's auth secret (kept in `app_secret` or given as AUTH_SECRET, so every process
 * signs alike). The token only ever turns that user's digests off, so it needs no expiry and no
 * session: a mail provider posts it from its own servers, and the page the link opens posts it
 * for a person.
 */

/** The signed message, so the auth secret signs nothing else of this shape. */
const PURPOSE = 'digest-unsubscribe:';

/** Unsubscribes one address may make per minute: a guard against someone trying tokens. */
const UNSUBSCRIBES_PER_MINUTE = { max: 30, windowSeconds: 60 };

const secrets = new WeakMap<Platform, Promise<string>>();

/** The auth secret, read once per process (never logged). */
function secretOf(platform: Platform): Promise<string> {
  let secret = secrets.get(platform);
  if (!secret) {
    secret = loadAuthSecret(platform.database, platform.config.authSecret);
    // A failed read (database down) is asked again next time.
    secret.catch(() => secrets.delete(platform));
    secrets.set(platform, secret);
  }
  return secret;
}

async function signatureOf(platform: Platform, userId: string): Promise<Buffer> {
  return createHmac('sha256', await secretOf(platform))
    .update(PURPOSE + userId)
    .digest();
}

/** The unsubscribe token of a user. */
export async function unsubscribeToken(platform: Platform, userId: string): Promise<string> {
  return `${userId}.${(await signatureOf(platform, userId)).toString('base64url')}`;
}

/**
 * A digest's unsubscribe addresses: the page a person opens (the web app's /unsubscribe, which
 * asks and posts) and the API a mail provider posts to (the List-Unsubscribe header).
 */
export async function unsubscribeLinks(
  platform: Platform,
  userId: string,
): Promise<{ unsubscribeUrl: string; oneClickUrl: string }> {
  const token = encodeURIComponent(await unsubscribeToken(platform, userId));
  const base = platform.config.publicUrl.replace(/\/+$/, '');
  return {
    unsubscribeUrl: `${base}/unsubscribe?token=${token}`,
    oneClickUrl: `${base}/api/v1/notifications/unsubscribe?token=${token}`,
  };
}

/** The user a token was made for, or null when it is not one of ours or was changed. */
async function tokenUser(platform: Platform, token: string): Promise<string | null> {
  const dot = token.indexOf('.');
  if (dot === -1) return null;
  const userId = token.slice(0, dot);
  if (!z.uuid().safeParse(userId).success) return null;
  // Compared as the text we issue, not as decoded bytes: base64url's last character carries
  // spare bits, so a changed spare bit would decode to the same signature and pass.
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from((await signatureOf(platform, userId)).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}

/**
 * `POST /notifications/unsubscribe?token=…`: turns the token's user's digests off (frequency
 * 'off', nothing planned) and tells their open tabs. Repeating it changes nothing more. A token
 * that is not ours is 400 `unsubscribe_link_invalid`.
 */
export async function unsubscribeDigests(
  platform: Platform,
  options: { token: string; ip: string },
): Promise<{ ok: true }> {
  const limit = await platform.rateLimiter.hit(
    `digest-unsubscribe:${options.ip}`,
    UNSUBSCRIBES_PER_MINUTE,
  );
  if (!limit.isAllowed) {
    throw new AppError('rate_limited', {}, { retryAfterSeconds: limit.retryAfterSeconds });
  }
  const userId = await tokenUser(platform, options.token);
  if (!userId) throw new AppError('unsubscribe_link_invalid');
  await platform.database.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ emailNotifications: 'off', digestDueAt: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (changed.length > 0) {
      await platform.realtime.publish(tx, { topic: `user:${userId}`, type: 'user.updated' });
    }
  });
  return { ok: true };
}
