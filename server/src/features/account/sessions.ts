import type { AccountSessions } from '@pactum/core/api/two-factor';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { authEvents, sessions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { ResolvedSession } from '../../http/session';
import { lookupGeoIp } from '../../platform/geo-ip';
import type { Platform } from '../../platform/platform';
import { describeUserAgent } from './user-agent';

/** At most this many sessions are listed (the newest); more would be a list nobody reads. */
const MAX_LISTED = 50;

function person(session: ResolvedSession): ResolvedSession {
  // Where an account is signed in is the person's own business, not an API token's.
  if (session.token) throw new AppError('forbidden');
  return session;
}

/**
 * Where the caller's account is signed in: each live session's device, place (when a location
 * service is configured; looked up once per address, in parallel, and left out when slow) and
 * times, newest activity first, this browser's marked.
 */
export async function listAccountSessions(
  platform: Platform,
  caller: ResolvedSession,
): Promise<AccountSessions> {
  const { sessionId, user } = person(caller);
  const rows = await platform.database.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      secondFactor: sessions.secondFactor,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id))
    .limit(MAX_LISTED);
  const addresses = [...new Set(rows.map((row) => row.ipAddress).filter((ip) => !!ip))];
  const places = new Map(
    await Promise.all(
      addresses.map(async (ip) => {
        const geo = await lookupGeoIp(platform.config.geoIpUrl, ip ?? '', { timeoutMs: 1500 });
        const place = geo ? [geo.city, geo.country].filter(Boolean).join(', ') : '';
        return [ip, place || null] as const;
      }),
    ),
  );
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      isCurrent: row.id === sessionId,
      device: describeUserAgent(row.userAgent),
      place: (row.ipAddress && places.get(row.ipAddress)) || null,
      ipAddress: row.ipAddress || null,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      secondFactor: row.secondFactor,
    })),
  };
}

/** Signs the account out everywhere but this browser; answers how many sessions ended. */
export async function endOtherSessions(
  platform: Platform,
  caller: ResolvedSession,
  options: { ip: string },
): Promise<{ ended: number }> {
  const { sessionId, user } = person(caller);
  return platform.database.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)))
      .returning({ id: sessions.id });
    await tx
      .insert(authEvents)
      .values({ userId: user.id, type: 'sessions-ended', ipAddress: options.ip });
    return { ended: ended.length };
  });
}

/** Signs one other browser of the account out; 404 for a session that is not the caller's. */
export async function endAccountSession(
  platform: Platform,
  caller: ResolvedSession,
  options: { sessionId: string; ip: string },
): Promise<void> {
  const { user } = person(caller);
  await platform.database.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, options.sessionId), eq(sessions.userId, user.id)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw new AppError('not_found');
    await tx
      .insert(authEvents)
      .values({ userId: user.id, type: 'sessions-ended', ipAddress: options.ip });
  });
}
