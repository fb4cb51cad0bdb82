import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import type { Database } from '../../server/src/db/client';

/** The session by its token, to its user. */
const SESSION_USER_SQL = `SELECT s.user_id FROM "session" s
WHERE s.token = $1 AND s.expires_at > now()
LIMIT 1`;

/**
 * The caller's 5 newest deals, the access rule written out by hand: an access row naming the
 * caller, one of their workspaces or one of their groups, or a deal they sent. Each branch reads
 * an index; the deals come by primary key (the shape `visibleDeals` has in the app).
 */
const LATEST_DEALS_SQL = `SELECT d.id, d.title, d.state, d.process, d.modified_at
FROM deal d
WHERE d.id = ANY(ARRAY(
    SELECT a.document_id FROM document_access a
      WHERE a.user_id = $1 AND a.collection = 'deals'
    UNION SELECT a.document_id FROM document_access a
      JOIN workspace_member m ON m.workspace_id = a.workspace_id
      WHERE m.user_id = $1 AND a.collection = 'deals'
    UNION SELECT a.document_id FROM document_access a
      JOIN workspace_group_member g ON g.group_id = a.group_id
      WHERE g.user_id = $1 AND a.collection = 'deals'
    UNION SELECT id FROM deal WHERE sent_by = $1))
  AND d.state <> 'trash'
ORDER BY d.modified_at DESC
LIMIT 5`;

/** `url` is the server's base; the route is `/floor`. */
export type FloorServer = { url: string; close(): Promise<void> };

type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

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
 * The cost floor: bare Fastify, no plugins or hooks, one route `/floor` that turns the session
 * cookie into its user and answers that user's 5 newest deals, in two hand-written statements.
 * On PostgreSQL it has its own `pg` pool of the app's size (10); on PGlite it shares the one
 * embedded database. What the app spends beyond this is its own.
 */
export async function startFloorServer(
  database: Database,
  options: { cookieName: string; url: string | undefined },
): Promise<FloorServer> {
  const pool = options.url ? new pg.Pool({ connectionString: options.url, max: 10 }) : undefined;
  pool?.on('error', () => {});
  const query: Query = pool
    ? async (text, params) => ({ rows: (await pool.query(text, params)).rows })
    : (text, params) => database.query(text, params);
  const app = Fastify({ logger: false });
  app.get('/floor', async (request, reply) => {
    const signed = readCookie(request.headers.cookie, options.cookieName);
    if (!signed) return reply.status(401).send({ error: 'no session cookie' });
    // The cookie is `token.signature`; the floor skips checking the signature.
    const token = signed.slice(0, signed.indexOf('.'));
    const session = (await query(SESSION_USER_SQL, [token])).rows[0];
    if (!session) return reply.status(401).send({ error: 'no session' });
    const deals = await query(LATEST_DEALS_SQL, [session.user_id]);
    return { deals: deals.rows };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: listenUrl(app.server.address()),
    async close() {
      await app.close();
      await pool?.end();
    },
  };
}

/** `http://127.0.0.1:<port>` of a server listening on the loopback address. */
export function listenUrl(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') throw new Error('Server is not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}
