import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client';
import { workspaces } from '../../../db/schema';

/* The SQL of the admin area's review of workspaces. */

/** `%`, `_` and `\\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A page of the workspaces not deleted, those waiting for review first, then the newest, and
 * the first of the next page if there is one. `q` matches part of the title, company name or
 * VAT id, or the whole id.
 */
export async function searchWorkspaces(
  db: DbOrTx,
  options: { q: string; page: number; pageSize: number },
) {
  const pattern = `%${likeLiteral(options.q)}%`;
  const search = options.q
    ? or(
        ilike(workspaces.title, pattern),
        ilike(sql`${workspaces.company} ->> 'name'`, pattern),
        ilike(sql`${workspaces.company} ->> 'vat'`, pattern),
        z.uuid().safeParse(options.q).success ? eq(workspaces.id, options.q) : undefined,
      )
    : undefined;
  return db
    .select({
      id: workspaces.id,
      title: workspaces.title,
      type: workspaces.type,
      credits: workspaces.credits,
      isVerified: workspaces.isVerified,
      isRejected: workspaces.isRejected,
      company: workspaces.company,
      asyncPayment: workspaces.asyncPayment,
      createdAt: workspaces.createdAt,
    })
    .from(workspaces)
    .where(and(isNull(workspaces.deletedAt), search))
    .orderBy(
      sql`${workspaces.isVerified} OR ${workspaces.isRejected}`,
      desc(workspaces.createdAt),
      desc(workspaces.id),
    )
    .limit(options.pageSize + 1)
    .offset((options.page - 1) * options.pageSize);
}

/** Marks the workspace verified by the admin: the row after (undefined when there is none). */
export async function markVerified(tx: Tx, workspaceId: string, adminId: string) {
  const [workspace] = await tx
    .update(workspaces)
    .set({
      isVerified: true,
      isRejected: false,
      verifiedBy: adminId,
      verifiedAt: new Date(),
    })
    .where(eq(workspaces.id, workspaceId))
    .returning();
  return workspace;
}

/** Marks the workspace rejected by the admin, unless it was ever verified. */
export async function markRejected(tx: Tx, workspaceId: string, adminId: string) {
  const [workspace] = await tx
    .update(workspaces)
    .set({
      isRejected: true,
      isVerified: false,
      rejectedBy: adminId,
      rejectedAt: new Date(),
    })
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.verifiedAt)))
    .returning({ id: workspaces.id, title: workspaces.title });
  return workspace;
}
