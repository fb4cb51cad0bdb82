import { createHash } from 'node:crypto';
import type { DealGroup } from '@pactum/core/deals';
import type { PartyRole } from '@pactum/core/documents';
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx, RawRows } from '../../db/client';
import {
  archiveItems,
  dealSigners,
  deals,
  documentAlerts,
  documentEvents,
  draftReceivers,
  drafts,
  users,
} from '../../db/schema';
import { accessibleDocumentIds } from '../../documents/access';
import { canOpenItem } from '../../documents/archive-access';
import { callerPartyOn, dealGroupWhere } from '../../documents/deal-groups';
import { listedDrafts } from '../../documents/listed-drafts';
import { isMySlot, type SigningUser, visibleDeals } from '../../documents/visible-deals';

/*
 * The SQL of the dashboard home's widgets. Every widget is one statement with its limit in SQL
 * (one row more than it shows, to know whether there are more), and every one filters with the
 * access rules of the lists it links to (`dealGroupWhere`, `visibleDeals`, the draft list's
 * rule, `canOpenItem`), so a widget never holds something its list would not.
 *
 * Each is written as one SQL text and run as a named statement (`runNamed`): at the product's
 * volume PostgreSQL spent as long planning these statements as running them (bench/README.md,
 * dashboard). They hand timestamps over as ISO text (`isoText`), the same from both drivers.
 */

const dialect = new PgDialect();

/**
 * Runs a statement as a named (prepared) one, named by its SQL text, with the values it was built
 * with, and answers its rows. On PostgreSQL each pooled connection parses a text once and, after
 * five runs, keeps a generic plan when that costs no more than planning anew. A widget's text is
 * the same for every caller (their ids are parameters), and planning it took 0.3–1.5 ms of the
 * server's CPU a request, as long as running it; the generic plans read the same indexes
 * (EXPLAIN EXECUTE at 100k deals). The text is built once: Drizzle's own `.prepare()` would
 * build it a second time to name it, and building these texts costs the app 0.2–1 ms. PGlite
 * ignores the name.
 *
 * Only for statements whose text does not grow with the data (no `IN (…)` of a list that varies):
 * each distinct text stays prepared on each connection while the connection lives.
 */
async function runNamed(db: DbOrTx, statement: SQL): Promise<Record<string, unknown>[]> {
  const query = dialect.sqlToQuery(statement);
  const digest = createHash('sha1').update(query.sql).digest('hex');
  const prepared = db._.session.prepareQuery(
    query,
    undefined,
    `pactum_home_${digest.slice(0, 20)}`,
    false,
  );
  const result = (await prepared.execute()) as RawRows;
  return result.rows;
}

/** A document widget's row as read: a deal or a draft. */
export type HomeDocumentRow = {
  kind: 'deal' | 'draft';
  id: string;
  title: string;
  senderName: string | null;
  receiverName: string | null;
  state: string | null;
  party: string | null;
  createdAt: Date;
  modifiedAt: Date;
};

/** Raw rows hand timestamps over as ISO text in UTC, the same from PGlite and node-postgres. */
const isoText = (value: SQL) =>
  sql`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The receiver a draft's row names: its first receiver's party, else the draft's own. The draft's
 * columns are named in full, so that inside this subquery they never name the receiver's own.
 */
const draft = (column: string) => sql`${sql.identifier('draft')}.${sql.identifier(column)}`;
const draftReceiverName = sql<string | null>`coalesce(
  (SELECT first_receiver.party->>'name' FROM ${draftReceivers} AS first_receiver
    WHERE first_receiver.draft_id = ${draft('id')}
    ORDER BY first_receiver.position LIMIT 1),
  ${draft('parties')}->'receiver'->>'name')`;

/** A deal's row of a document widget: the columns `homeDocumentRowOf` reads. */
const dealColumns = (user: SigningUser) => sql`'deal' AS kind, ${deals.id} AS id,
    ${deals.title} AS title,
    ${deals.parties}->'sender'->>'name' AS sender_name,
    ${deals.parties}->'receiver'->>'name' AS receiver_name,
    ${deals.state} AS state,
    ${callerPartyOn(user.id, sql`${deals.id}`)} AS party,
    ${isoText(sql`${deals.createdAt}`)} AS created_at,
    ${isoText(sql`${deals.modifiedAt}`)} AS modified_at`;

/** A draft's row of a document widget: the columns `homeDocumentRowOf` reads. */
const draftColumns = sql`'draft' AS kind, ${drafts.id} AS id, ${drafts.title} AS title,
    ${drafts.parties}->'sender'->>'name' AS sender_name,
    ${draftReceiverName} AS receiver_name,
    NULL::text AS state, NULL::text AS party,
    ${isoText(sql`${drafts.createdAt}`)} AS created_at,
    ${isoText(sql`${drafts.modifiedAt}`)} AS modified_at`;

function homeDocumentRowOf(row: Record<string, unknown>): HomeDocumentRow {
  return {
    kind: row.kind === 'deal' ? 'deal' : 'draft',
    id: String(row.id),
    title: String(row.title),
    senderName: textOrNull(row.sender_name),
    receiverName: textOrNull(row.receiver_name),
    state: textOrNull(row.state),
    party: textOrNull(row.party),
    createdAt: new Date(String(row.created_at)),
    modifiedAt: new Date(String(row.modified_at)),
  };
}

/** A deal group's newest `limit` deals, newest created first (the lists' order). */
export async function groupDeals(
  db: DbOrTx,
  options: { user: SigningUser; group: DealGroup; limit: number },
): Promise<HomeDocumentRow[]> {
  const rows = await runNamed(
    db,
    sql`SELECT ${dealColumns(options.user)}
      FROM ${deals}
      WHERE ${dealGroupWhere(db, options.user, options.group)}
      ORDER BY ${deals.createdAt} DESC, ${deals.id} DESC
      LIMIT ${options.limit}`,
  );
  return rows.map(homeDocumentRowOf);
}

/** The draft list's newest `limit` drafts, newest modified first. */
export async function listedDraftRows(
  db: DbOrTx,
  options: { userId: string; limit: number },
): Promise<HomeDocumentRow[]> {
  const sortAt = sql`coalesce(${drafts.modifiedAt}, ${drafts.createdAt})`;
  const rows = await runNamed(
    db,
    sql`SELECT ${draftColumns}
      FROM ${drafts}
      WHERE ${listedDrafts(db, options.userId)}
      ORDER BY ${sortAt} DESC, ${drafts.id} DESC
      LIMIT ${options.limit}`,
  );
  return rows.map(homeDocumentRowOf);
}

/**
 * Your recent documents: the deals the user sees (any state: the spec's `recent` has no state
 * filter) and the draft list's drafts, newest modified first, in one statement. Each branch
 * stops at `limit` before the union, so neither side is read in full.
 */
export async function recentDocuments(
  db: DbOrTx,
  options: { user: SigningUser; limit: number },
): Promise<HomeDocumentRow[]> {
  const { user, limit } = options;
  const dealSortAt = sql`coalesce(${deals.modifiedAt}, ${deals.createdAt})`;
  const draftSortAt = sql`coalesce(${drafts.modifiedAt}, ${drafts.createdAt})`;
  const rows = await runNamed(
    db,
    sql`
    (SELECT ${dealColumns(user)}, ${dealSortAt} AS sort_at
      FROM ${deals}
      WHERE ${visibleDeals(db, user)}
      ORDER BY ${dealSortAt} DESC, ${deals.id} DESC
      LIMIT ${limit})
    UNION ALL
    (SELECT ${draftColumns}, ${draftSortAt}
      FROM ${drafts}
      WHERE ${listedDrafts(db, user.id)}
      ORDER BY ${draftSortAt} DESC, ${drafts.id} DESC
      LIMIT ${limit})
    ORDER BY sort_at DESC, id DESC
    LIMIT ${limit}`,
  );
  return rows.map(homeDocumentRowOf);
}

/** A signer slot of 'You to sign' as read. */
export type ToSignRow = {
  signerId: string;
  dealId: string;
  title: string;
  senderName: string | null;
  receiverName: string | null;
  party: PartyRole;
  since: Date;
};

/**
 * You to sign: the user's own live, unsigned signer slots (`isMySlot`, the rule of the `sign`
 * list) on deals in signing that they see, newest signing start first, at most `limit`.
 */
export async function toSignSlots(
  db: DbOrTx,
  options: { user: SigningUser; limit: number },
): Promise<ToSignRow[]> {
  const since = sql`coalesce(${deals.signingStartedAt}, ${dealSigners.createdAt})`;
  const rows = await runNamed(
    db,
    sql`SELECT ${dealSigners.id} AS signer_id, ${deals.id} AS deal_id, ${deals.title} AS title,
        ${deals.parties}->'sender'->>'name' AS sender_name,
        ${deals.parties}->'receiver'->>'name' AS receiver_name,
        ${dealSigners.party} AS party, ${isoText(since)} AS since
      FROM ${dealSigners}
      JOIN ${deals} ON ${deals.id} = ${dealSigners.dealId}
      WHERE ${and(
        sql`${dealSigners.state} = 'new'`,
        isNull(dealSigners.revokedAt),
        isMySlot(options.user),
        sql`${deals.state} = 'in-signing'`,
        visibleDeals(db, options.user),
      )}
      ORDER BY ${since} DESC, ${dealSigners.id} DESC
      LIMIT ${options.limit}`,
  );
  return rows.map((row) => ({
    signerId: String(row.signer_id),
    dealId: String(row.deal_id),
    title: String(row.title),
    senderName: textOrNull(row.sender_name),
    receiverName: textOrNull(row.receiver_name),
    party: row.party === 'receiver' ? 'receiver' : 'sender',
    since: new Date(String(row.since)),
  }));
}

/** The user's timezone as stored (null when unset). */
export async function timezoneOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await runNamed(
    db,
    sql`SELECT ${users.timezone} AS timezone FROM ${users} WHERE ${users.id} = ${userId}`,
  );
  return textOrNull(row?.timezone);
}

/** An upcoming alert as the widget answers it. */
export type UpcomingAlertRow = {
  id: string;
  itemId: string;
  parentId: string | null;
  fileName: string;
  /** `YYYY-MM-DD`. */
  date: string;
  subject: string;
};

/**
 * Upcoming alerts: pending alerts naming the user among their recipients (`@>` on the GIN
 * index of `alert_user_ids`), dated `fromDate` or later, on files the user may open now,
 * soonest first, at most `limit`.
 */
export async function upcomingAlerts(
  db: DbOrTx,
  options: { userId: string; fromDate: string; limit: number },
): Promise<UpcomingAlertRow[]> {
  const rows = await runNamed(
    db,
    sql`SELECT ${documentAlerts.id} AS id, ${documentAlerts.itemId} AS item_id,
        ${archiveItems.parentId} AS parent_id, ${archiveItems.name} AS file_name,
        to_char(${documentAlerts.date}, 'YYYY-MM-DD') AS date,
        ${documentAlerts.subject} AS subject
      FROM ${documentAlerts}
      JOIN ${archiveItems} ON ${archiveItems.id} = ${documentAlerts.itemId}
      WHERE ${and(
        sql`${documentAlerts.alertUserIds} @> ARRAY[${options.userId}]::uuid[]`,
        isNull(documentAlerts.alertedAt),
        sql`${documentAlerts.date} >= ${options.fromDate}::date`,
        sql`${archiveItems.type} = 'file'`,
        canOpenItem(options.userId),
      )}
      ORDER BY ${documentAlerts.date}, ${documentAlerts.dueAt}, ${documentAlerts.createdAt},
        ${documentAlerts.id}
      LIMIT ${options.limit}`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    itemId: String(row.item_id),
    parentId: textOrNull(row.parent_id),
    fileName: String(row.file_name),
    date: String(row.date),
    subject: String(row.subject),
  }));
}

/** One line of the feed as read. */
export type FeedRow = {
  id: string;
  event: string;
  actorName: string;
  collection: 'deals' | 'drafts';
  documentId: string;
  documentTitle: string;
  sectionTitle: string | null;
  myParty: string | null;
  createdAt: Date;
};

/**
 * Latest changes by others, in one statement:
 *
 *   WITH docs AS ((deals the user sees, newest modified, LIMIT 100)
 *                 UNION ALL (drafts they reach, not deleted, newest modified, LIMIT 100)),
 *        top_docs AS (SELECT …, party FROM docs ORDER BY modified_at DESC LIMIT 100)
 *   SELECT … FROM top_docs
 *   CROSS JOIN LATERAL (SELECT … FROM document_event WHERE collection = top_docs.collection
 *     AND document_id = top_docs.id AND <shown> ORDER BY created_at DESC LIMIT 10) e
 *   LEFT JOIN "user" ON … ORDER BY e.created_at DESC LIMIT 50
 *
 * The caller's party is worked out for the 100 documents only. EXPLAIN ANALYZE (PGlite's
 * PostgreSQL 18 and PostgreSQL 15, 6,000 deals, 90,000 events) shows the lateral side as an
 * Index Scan Backward on document_event_document_idx (collection, document_id, created_at),
 * the event, actor and party tests as its filter, under a Limit, 100 loops: document_event is
 * never read sequentially.
 *
 * Shown: the logged events `feedEventOfLogged` knows (so no document-open, no comments), not the
 * caller's own and not actorless ones except 'signing-complete', and only events of no party or
 * of the caller's party (a party's internal events never reach the other side).
 */
export async function feedLines(
  db: DbOrTx,
  options: {
    user: SigningUser;
    loggedEvents: string[];
    documentLimit: number;
    eventsPerDocument: number;
    limit: number;
  },
): Promise<FeedRow[]> {
  const { user, documentLimit, eventsPerDocument, limit } = options;
  const loggedEvents = sql.join(
    options.loggedEvents.map((event) => sql`${event}`),
    sql`, `,
  );
  const rows = await runNamed(
    db,
    sql`
    WITH docs AS (
      (SELECT 'deals'::text AS collection, ${deals.id} AS id, ${deals.title} AS title,
          ${deals.modifiedAt} AS modified_at
        FROM ${deals}
        WHERE ${visibleDeals(db, user)}
        ORDER BY ${deals.modifiedAt} DESC, ${deals.id} DESC
        LIMIT ${documentLimit})
      UNION ALL
      (SELECT 'drafts'::text, ${drafts.id}, ${drafts.title}, ${drafts.modifiedAt}
        FROM ${drafts}
        WHERE ${inArray(
          drafts.id,
          accessibleDocumentIds(db, { collection: 'drafts', userId: user.id }),
        )} AND ${drafts.deletedAt} IS NULL
        ORDER BY ${drafts.modifiedAt} DESC, ${drafts.id} DESC
        LIMIT ${documentLimit})
    ),
    top_docs AS (
      SELECT docs.collection, docs.id, docs.title
        FROM docs
        ORDER BY docs.modified_at DESC, docs.id DESC
        LIMIT ${documentLimit}
    ),
    feed_docs AS (
      SELECT top_docs.collection, top_docs.id, top_docs.title,
          CASE WHEN top_docs.collection = 'deals' THEN ${callerPartyOn(user.id, sql`top_docs.id`)} END AS party
        FROM top_docs
    )
    SELECT e.id, e.event, e.section_title, ${isoText(sql`e.created_at`)} AS created_at,
        feed_docs.collection, feed_docs.id AS document_id, feed_docs.title AS document_title,
        feed_docs.party AS my_party,
        coalesce(nullif(trim(${users.firstname} || ' ' || ${users.lastname}), ''),
          ${users.name}, '') AS actor_name
      FROM feed_docs
      CROSS JOIN LATERAL (
        SELECT ${documentEvents.id} AS id, ${documentEvents.event} AS event,
            ${documentEvents.userId} AS user_id, ${documentEvents.createdAt} AS created_at,
            ${documentEvents.seq} AS seq,
            CASE WHEN ${documentEvents.event} LIKE 'section-%'
              THEN coalesce(${documentEvents.data}->>'sectionTitle', ${documentEvents.data}->>'title')
            END AS section_title
          FROM ${documentEvents}
          WHERE ${documentEvents.collection} = feed_docs.collection
            AND ${documentEvents.documentId} = feed_docs.id
            AND ${documentEvents.event} IN (${loggedEvents})
            AND (${documentEvents.userId} <> ${user.id}
              OR (${documentEvents.userId} IS NULL AND ${documentEvents.event} = 'signing-complete'))
            AND (${documentEvents.party} IS NULL OR ${documentEvents.party} = feed_docs.party)
          ORDER BY ${documentEvents.createdAt} DESC
          LIMIT ${eventsPerDocument}
      ) AS e
      LEFT JOIN ${users} ON ${users.id} = e.user_id
      ORDER BY e.created_at DESC, e.seq DESC NULLS LAST, e.id DESC
      LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    event: String(row.event),
    actorName: String(row.actor_name ?? ''),
    collection: row.collection === 'deals' ? 'deals' : 'drafts',
    documentId: String(row.document_id),
    documentTitle: String(row.document_title),
    sectionTitle: textOrNull(row.section_title),
    myParty: textOrNull(row.my_party),
    createdAt: new Date(String(row.created_at)),
  }));
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
