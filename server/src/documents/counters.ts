import type { DealGroup } from '@pactum/core/deals';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeCommit } from '../db/before-commit';
import type { DbOrTx, Tx } from '../db/client';
import { deals, drafts, type HomeCounts, templates, users, workspaceMembers } from '../db/schema';
import { outsideRequestScope } from '../http/request-scope';
import type { Platform } from '../platform/platform';
import { accessibleDocumentIds } from './access';
import { dealGroupCondition } from './deal-groups';
import { listedDrafts } from './listed-drafts';
import { visibleDeals } from './visible-deals';

/*
 * The drawer's counters (`user.home_counts`): counted from the records with the lists' own
 * conditions, stored once at the end of the transaction of a change, for every user it touched
 * (`refreshHomeCounts`, or `dealChanged` in `live.ts` for everyone who sees a deal).
 */

/**
 * The templates the library's 'All' list shows the user: the global (partner) ones and those
 * they reach, as a scalar subquery. Counted live when the app loads, as a global template
 * published or a template shared through a workspace changes it for many users at once.
 */
export function libraryCountOf(db: DbOrTx, userId: string) {
  // Counted in two parts, each read through an index, rather than one `global OR reached`
  // condition that reads every template.
  const global = db
    .select({ n: count() })
    .from(templates)
    .where(and(isNull(templates.deletedAt), eq(templates.isGlobal, true)));
  const reached = db
    .select({ n: count() })
    .from(templates)
    .where(
      and(
        isNull(templates.deletedAt),
        sql`${templates.isGlobal} IS NOT TRUE`,
        inArray(templates.id, accessibleDocumentIds(db, { collection: 'templates', userId })),
      ),
    );
  return sql<number>`((${global}) + (${reached}))`.mapWith(Number);
}

/**
 * The drafts the draft list shows the user (`listedDrafts`), as a scalar subquery. Counted live
 * when the app loads, like the library: a draft shared with a workspace (visibility team)
 * reaches every member, so no single transaction could keep a stored count of every member true.
 */
export function draftCountOf(db: DbOrTx, userId: string) {
  const counted = db.select({ n: count() }).from(drafts).where(listedDrafts(db, userId));
  return sql<number>`(${counted})`.mapWith(Number);
}

/**
 * Recounts the drawer's counters of a user from the records themselves: the template library as
 * the Templates list shows it (global ones and those the user reaches), their drafts, the deals
 * they see by list group, and their workspaces. 'In Signing' splits in two: deals where the user
 * still has a signature to give (`sign`) and the rest, which wait for others (`waiting`). The
 * deal groups are the lists' and the dashboard's own conditions (`documents/deal-groups.ts`).
 */
export async function countHome(db: DbOrTx, userId: string): Promise<HomeCounts> {
  // The counts that do not depend on the deals, with the address the deal groups need.
  const [person] = await db
    .select({
      email: users.email,
      templates: libraryCountOf(db, userId),
      drafts: draftCountOf(db, userId),
      workspaces:
        sql<number>`(SELECT count(*) FROM ${workspaceMembers} WHERE ${workspaceMembers.userId} = ${users.id})`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(eq(users.id, userId));
  const me = { id: userId, email: person?.email ?? '' };
  // Each group's own condition (`dealGroupCondition`, the lists' and widgets' too), counted
  // over the deals the user sees in one pass.
  const counted = (group: Exclude<DealGroup, 'archived'>) =>
    sql<number>`count(*) FILTER (WHERE ${dealGroupCondition(db, me, group)})`.mapWith(Number);
  const [byGroup] = await db
    .select({
      negotiate: counted('negotiate'),
      sign: counted('sign'),
      waiting: counted('waiting'),
      signed: counted('signed'),
      trash: counted('trash'),
    })
    .from(deals)
    .where(visibleDeals(db, me));
  return {
    templates: person?.templates ?? 0,
    drafts: person?.drafts ?? 0,
    negotiate: byGroup?.negotiate ?? 0,
    sign: byGroup?.sign ?? 0,
    waiting: byGroup?.waiting ?? 0,
    signed: byGroup?.signed ?? 0,
    trash: byGroup?.trash ?? 0,
    workspaces: person?.workspaces ?? 0,
  };
}

/**
 * Marks a user whose drawer counters a change in `tx` touched. Areas call it when they change
 * what a drawer counts (a workspace joined, a deal sent); the counters are recounted once, at the
 * transaction's end, after all its changes (`storeHomeCounts`).
 */
export async function refreshHomeCounts(platform: Platform, tx: Tx, userId: string): Promise<void> {
  const userIds = beforeCommit(
    tx,
    'home-counts',
    () => new Set<string>(),
    (marked, outer) => storeHomeCounts(platform, outer, marked),
  );
  userIds.add(userId);
}

/**
 * Recounts and stores the counters of the marked users and tells their open tabs. The users'
 * rows are updated in id order, so two transactions that touch the same people take their row
 * locks in the same order and never wait on each other in a circle.
 */
async function storeHomeCounts(platform: Platform, tx: Tx, userIds: Set<string>): Promise<void> {
  for (const userId of [...userIds].sort()) {
    // The person's own counters, even when a workspace token's request changed them.
    const counts = await outsideRequestScope(() => countHome(tx, userId));
    await tx
      .update(users)
      .set({ homeCounts: sql`${JSON.stringify(counts)}::jsonb` })
      .where(eq(users.id, userId));
    await platform.realtime.publish(tx, { topic: `user:${userId}`, type: 'user.updated' });
  }
}
