import { and, count, eq, isNull, type SQL, sql, sum } from 'drizzle-orm';
import type { DbOrTx, RawRows, Tx } from '../../../db/client';
import {
  archiveItems,
  creditTransactions,
  deals,
  documentTags,
  drafts,
  type TagCounts,
  templates,
  type WorkspaceStats,
  workspaceGroups,
  workspaceMembers,
  workspaces,
  workspaceTags,
} from '../../../db/schema';
import { AppError } from '../../../http/app-error';

/* The SQL of a workspace's figures: the stored stats and the counts they are made of. */

/** The workspace's stored stats, its row locked until the transaction ends. */
export async function lockStats(tx: Tx, workspaceId: string) {
  const [workspace] = await tx
    .select({ stats: workspaces.stats, statsCalculatedAt: workspaces.statsCalculatedAt })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  return workspace;
}

/** The workspace's figures counted from the tables. */
export async function countStats(tx: Tx, workspaceId: string): Promise<WorkspaceStats> {
  const byState = await tx
    .select({ state: deals.state, n: count() })
    .from(deals)
    .where(eq(deals.workspaceId, workspaceId))
    .groupBy(deals.state);
  const dealCount = (state: string) => Number(byState.find((row) => row.state === state)?.n ?? 0);
  const [members] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  const [groups] = await tx
    .select({ n: count() })
    .from(workspaceGroups)
    .where(and(eq(workspaceGroups.workspaceId, workspaceId), isNull(workspaceGroups.deletedAt)));
  const [tags] = await tx
    .select({ n: count() })
    .from(workspaceTags)
    .where(eq(workspaceTags.workspaceId, workspaceId));
  const [archives] = await tx
    .select({ n: count() })
    .from(archiveItems)
    .where(
      and(
        eq(archiveItems.workspaceId, workspaceId),
        eq(archiveItems.type, 'file'),
        isNull(archiveItems.deletedAt),
      ),
    );
  const { rows: tagRows } = (await tx.execute(tagCountsQuery(workspaceId))) as unknown as RawRows;
  const tagCounts: Record<string, TagCounts> = {};
  for (const row of tagRows) {
    tagCounts[String(row.tag)] = Object.fromEntries(
      tagCountKinds.map((kind) => [kind, Number(row[kind] ?? 0)]),
    ) as TagCounts;
  }
  const [credits] = await tx
    .select({ purchased: sum(creditTransactions.purchase), spent: sum(creditTransactions.spend) })
    .from(creditTransactions)
    .where(eq(creditTransactions.workspaceId, workspaceId));
  return {
    deals: {
      negotiation: dealCount('negotiate'),
      inSigning: dealCount('in-signing'),
      signed: dealCount('signed'),
      archives: Number(archives?.n ?? 0),
    },
    members: Number(members?.n ?? 0),
    groups: Number(groups?.n ?? 0),
    tags: Number(tags?.n ?? 0),
    credits: { purchased: Number(credits?.purchased ?? 0), spent: Number(credits?.spent ?? 0) },
    tagCounts,
  };
}

/** Stores the workspace's stats as counted at `calculatedAt`. */
export async function saveStats(
  tx: Tx,
  workspaceId: string,
  stats: WorkspaceStats,
  calculatedAt: Date,
) {
  await tx
    .update(workspaces)
    .set({ stats, statsCalculatedAt: calculatedAt })
    .where(eq(workspaces.id, workspaceId));
}

/** The balance with the credits ever bought and spent, as one moment of the ledger has them. */
export type CreditFigures = { balance: number; purchased: number; spent: number };

/**
 * The workspace's balance and its credits purchased and spent, summed from the ledger in the
 * same statement: the page shows 'Credits purchased' beside 'Balance' from this one reading, so
 * the two always agree, however recent a purchase or a send (the rest of the stored stats are
 * counted at most once a day).
 */
export async function readCreditFigures(db: DbOrTx, workspaceId: string): Promise<CreditFigures> {
  const { rows } = (await db.execute(sql`
    SELECT w.credits AS balance,
      (SELECT sum(t.purchase) FROM credit_transaction AS t WHERE t.workspace_id = w.id) AS purchased,
      (SELECT sum(t.spend) FROM credit_transaction AS t WHERE t.workspace_id = w.id) AS spent
    FROM workspace AS w
    WHERE w.id = ${workspaceId}`)) as unknown as RawRows;
  const [row] = rows;
  if (!row) throw new AppError('not_found');
  return {
    balance: Number(row.balance),
    purchased: Number(row.purchased ?? 0),
    spent: Number(row.spent ?? 0),
  };
}

const tagCountKinds = [
  'templates',
  'drafts',
  'negotiation',
  'inSigning',
  'signed',
  'archive',
  'trash',
] as const satisfies ReadonlyArray<keyof TagCounts>;

/**
 * Every tag of the workspace with how many live documents of each kind carry it: templates,
 * unsent drafts, deals by state (as the deal counts above; trashed deals as trash) and archive
 * items. One pass over the workspace's tag rows.
 */
function tagCountsQuery(workspaceId: string): SQL {
  const dealIn = (...states: string[]) =>
    sql`count(${deals.id}) FILTER (WHERE ${deals.state} IN (${sql.join(
      states.map((state) => sql`${state}`),
      sql`, `,
    )}))`;
  return sql`
    SELECT ${workspaceTags.tag} AS tag,
      count(${templates.id}) AS templates,
      count(${drafts.id}) AS drafts,
      ${dealIn('negotiate')} AS negotiation,
      ${dealIn('in-signing')} AS "inSigning",
      ${dealIn('signed')} AS signed,
      count(${archiveItems.id}) AS archive,
      ${dealIn('trash')} AS trash
    FROM ${workspaceTags}
    LEFT JOIN ${documentTags} ON ${documentTags.tagId} = ${workspaceTags.id}
    LEFT JOIN ${templates} ON ${documentTags.collection} = 'templates'
      AND ${templates.id} = ${documentTags.documentId} AND ${templates.deletedAt} IS NULL
    LEFT JOIN ${drafts} ON ${documentTags.collection} = 'drafts'
      AND ${drafts.id} = ${documentTags.documentId} AND ${drafts.deletedAt} IS NULL
      AND ${drafts.sentAt} IS NULL
    LEFT JOIN ${deals} ON ${documentTags.collection} = 'deals'
      AND ${deals.id} = ${documentTags.documentId}
    LEFT JOIN ${archiveItems} ON ${documentTags.collection} = 'archives'
      AND ${archiveItems.id} = ${documentTags.documentId} AND ${archiveItems.deletedAt} IS NULL
    WHERE ${workspaceTags.workspaceId} = ${workspaceId}
    GROUP BY ${workspaceTags.id}, ${workspaceTags.tag}`;
}
