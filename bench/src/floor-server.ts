import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { Database } from '../../server/src/db/client';

/**
 * The one lookup `/api/v1/me` needs, written out by hand: the session by its token, joined
 * to its user.
 */
const SESSION_USER_SQL = `SELECT s.id AS session_id, s.expires_at, u.id, u.email, u.name,
  u.firstname, u.lastname, u.lang, u.is_admin
FROM "session" s INNER JOIN "user" u ON u.id = s.user_id
WHERE s.token = $1 AND s.expires_at > $2
LIMIT 1`;

/** `url` is the server's base; the route is `/floor`. */
export type FloorServer = { url: string; close(): Promise<void> };

/** The value of one cookie in a Cookie header, without a cookie library. */
function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

/**
 * The cost floor: bare Fastify, no plugins or hooks, one route doing the one indexed query
 * `/api/v1/me` needs on the same database. What the app spends beyond this is its own.
 */
export async function startFloorServer(
  database: Database,
  options: { cookieName: string },
): Promise<FloorServer> {
  const app = Fastify({ logger: false });
  app.get('/floor', async (request, reply) => {
    const signed = readCookie(request.headers.cookie, options.cookieName);
    if (!signed) return reply.status(401).send({ error: 'no session cookie' });
    // The cookie is `token.signature`; the floor skips checking the signature.
    const token = signed.slice(0, signed.indexOf('.'));
    const result = await database.query(SESSION_USER_SQL, [token, new Date().toISOString()]);
    const row = result.rows[0];
    if (!row) return reply.status(401).send({ error: 'no session' });
    return row;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: listenUrl(app.server.address()), close: () => app.close() };
}

/** `http://127.0.0.1:<port>` of a server listening on the loopback address. */
export function listenUrl(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') throw new Error('Server is not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}
