import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { verifications } from '../../db/schema';

/*
 * The auth engine's e-mail verification links are signed tokens, valid until they expire (24 h)
 * however often they are opened. These remember a used one, in the engine's own verification
 * table, so that each link works once.
 */

const identifierOf = (token: string) =>
  `used-email-link:${createHash('sha256').update(token).digest('base64url')}`;

/**
 * Claims a link for one use: true the first time, false once claimed. The claim is kept for
 * `ttlSeconds` from now, which outlives the token (issued before now, valid that long).
 */
export async function claimLinkUse(
  database: Database,
  token: string,
  ttlSeconds: number,
): Promise<boolean> {
  const identifier = identifierOf(token);
  return database.db.transaction(async (tx) => {
    // Uses at the same moment queue here, so exactly one finds the link unused.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${identifier}, 0))`);
    const [used] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(eq(verifications.identifier, identifier));
    if (used) return false;
    await tx.insert(verifications).values({
      identifier,
      value: 'used',
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    return true;
  });
}

/** Gives a claimed link back: its use failed (a bad or expired token, or an error), so it was not used. */
export async function releaseLinkUse(database: Database, token: string): Promise<void> {
  await database.db.delete(verifications).where(eq(verifications.identifier, identifierOf(token)));
}
