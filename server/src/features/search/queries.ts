import {
  EXCERPT_CLOSE,
  EXCERPT_OPEN,
  SEARCH_EXCERPT_LENGTH,
  type SearchCollection,
} from '@pactum/core/search';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { workspaceMembers } from '../../db/schema';
import { openableItemIds } from '../../documents/archive-access';
import { callerPartyOn } from '../../documents/deal-groups';
import { visibleDealIds } from '../../documents/visible-deals';
import { isMembershipOf } from '../../documents/workspace-access';

/*
 * The search statement (issue 16). One query does it all, in this order:
 *  1. the caller's openable deal ids and archive item ids (each gathered by its indexes);
 *  2. index entries of those documents matching any word (`search_entry_tsv_idx`), or whose
 *     name or id is close to a word (`search_entry_fold_idx`, trigrams), and documents whose
 *     caller-visible tags match;
 *  3. per document, which words it holds somewhere: only documents holding every word remain;
 *  4. ranked, paged (one more than the page tells whether there are more);
 *  5. for the page only: the best entry's excerpt (ts_headline with private-use marks), the
 *     document's facts and its tags.
 * Nothing the caller may not open takes part in ranking or paging, so counts cannot leak.
 */

/** A searcher as the access rules need them. */
export type Searcher = { id: string; email: string };

export type SearchRow = {
  docId: string;
  kind: 'deal' | 'archive-file' | 'archive-folder';
  field: string;
  page: number;
  marked: string;
  title: string;
  state: string | null;
  process: string | null;
  party: string | null;
  senderName: string | null;
  receiverName: string | null;
  parentId: string | null;
  modifiedAt: Date | string;
  tags: string[] | null;
};

/**
 * The marks, taken out of the text before highlighting: a PDF's text may hold these private-use
 * characters (symbol fonts), which would otherwise open or close a highlight of their own.
 */
const EXCERPT_MARKS = `${EXCERPT_OPEN}${EXCERPT_CLOSE}`;

/** Text with something in it besides spaces and punctuation (a regular expression). */
const CONTENT = '[^[:space:][:punct:]]';

/**
 * The `'%abc%'` patterns of the plain trigrams of `text` (letters a–z and digits, not at a word's
 * edge) that `pactum_fold(text) <% fold` cannot do without, or NULL when it can. pg_trgm's word
 * similarity is at most the share of the text's trigrams found in the fold. A trigram padded at a
 * word's edge, or hashed because it holds a non-ASCII letter, cannot be looked for as a
 * substring; when those alone cannot reach the threshold, a fold holding none of the plain
 * trigrams cannot match, and `fold LIKE ANY(…)` says so for a fraction of the cost of the
 * similarity (about a third of the statement for a user who opens 1 % of the documents: bench/
 * README.md, 'Search'). The 0.01 is a margin over the similarity's float4 rounding.
 */
const nearTrigrams = (text: string) => sql`(SELECT CASE
    WHEN current_setting('pg_trgm.word_similarity_threshold', true)::float8 * count(*)
      > count(*) - count(*) FILTER (WHERE t ~ '^[a-z0-9]{3}$') + 0.01
    THEN array_agg('%' || t || '%') FILTER (WHERE t ~ '^[a-z0-9]{3}$') END
  FROM unnest(show_trgm(pactum_fold(${text}))) AS t)`;

/** A text this short is highlighted whole; `cutExcerpt` then cuts it around the first hit. */
const SHORT_TEXT = 2 * SEARCH_EXCERPT_LENGTH;
const HEADLINE_WHOLE = `StartSel=${EXCERPT_OPEN}, StopSel=${EXCERPT_CLOSE}, HighlightAll=true`;
/** ts_headline's options: one fragment of about a dozen words, marked by private-use chars. */
const HEADLINE_OPTIONS = `StartSel=${EXCERPT_OPEN}, StopSel=${EXCERPT_CLOSE}, MaxWords=14, MinWords=6, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;

/** The caller's workspaces as an array expression (a workspace token: its own). */
const myWorkspaceIds = (userId: string) =>
  sql`ARRAY(SELECT ${workspaceMembers.workspaceId} FROM ${workspaceMembers}
    WHERE ${isMembershipOf(userId)})`;

/**
 * A page of documents holding every word (or, with no words, carrying every tag asked for),
 * best first. `words` are letters and digits only (core `searchWords`); `tags` exact values.
 */
export async function searchDocuments(
  db: DbOrTx,
  options: {
    user: Searcher;
    words: string[];
    tags: string[];
    collection: SearchCollection | undefined;
    limit: number;
    offset: number;
  },
): Promise<SearchRow[]> {
  const { user, words, tags, collection, limit, offset } = options;
  const full = (1 << words.length) - 1;
  const phrase = words.join(' ');
  // Each word's text-search query, and the trigrams a name close to it must hold (n0, n1, …;
  // nq for the whole query).
  const wordQueries = [
    ...words.map(
      (word, index) =>
        sql`pactum_word_query(${word}) AS q${sql.raw(String(index))}, ${nearTrigrams(word)} AS n${sql.raw(String(index))}`,
    ),
    sql`${nearTrigrams(phrase)} AS nq`,
  ];
  const anyWord = words.length
    ? sql.join(
        words.map((_, index) => sql.raw(`q${index}`)),
        sql` || `,
      )
    : sql`''::tsquery`;
  // A name or id close to a word (a typo) holds that word. Each word is judged on its own, so a
  // long word that matches cannot carry another word found nowhere in the document.
  const isNear = (word: string, index: number) => {
    const trigrams = sql.raw(`q.n${index}`);
    return sql`(e.fold IS NOT NULL AND (${trigrams} IS NULL OR e.fold LIKE ANY(${trigrams}))
      AND pactum_fold(${word}) <% e.fold)`;
  };
  const isAnyNear = words.length ? sql.join(words.map(isNear), sql` OR `) : sql`false`;
  const maskOf = (vector: SQL, near?: typeof isNear) =>
    words.length
      ? sql.join(
          words.map(
            (word, index) =>
              sql`((${vector} @@ q.q${sql.raw(String(index))}${near ? sql` OR ${near(word, index)}` : sql``})::int << ${sql.raw(String(index))})`,
          ),
          sql` | `,
        )
      : sql`0`;
  const dealsWanted = collection !== 'archive';
  const itemsWanted = collection !== 'deals';
  const tagVector = sql`(to_tsvector('pactum_english', wt.tag) || to_tsvector('pactum_finnish', wt.tag))`;
  // One bound value per tag: a JS array in `sql` is spread into a list, not an array parameter.
  const tagArray = tags.length
    ? sql`ARRAY[${sql.join(
        tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`
    : sql`ARRAY[]::text[]`;

  // A tagged document (`dt`) the caller may open, of the collections searched.
  const taggedAllowed = sql`((${dealsWanted ? sql`dt.collection = 'deals' AND dt.document_id = ANY(allowed.deal_ids)` : sql`false`})
        OR (${itemsWanted ? sql`dt.collection = 'archives' AND dt.document_id = ANY(allowed.item_ids)` : sql`false`}))`;

  // Entries of openable documents that match a word, a name close to the query, or a tag.
  const textEntries = sql`
    SELECT e.doc_id, e.field, e.page, e.part_id, e.body,
      ts_rank(e.tsv, q.qa) + CASE WHEN e.fold IS NOT NULL
          AND (q.nq IS NULL OR e.fold LIKE ANY(q.nq)) AND pactum_fold(${phrase}) <% e.fold
        THEN word_similarity(pactum_fold(${phrase}), e.fold) / 10 ELSE 0 END AS rank,
      (${maskOf(sql`e.tsv`, isNear)}) AS mask
    FROM search_entry e, q, allowed
    WHERE (${dealsWanted ? sql`e.deal_id = ANY(allowed.deal_ids)` : sql`false`}
        OR ${itemsWanted ? sql`e.item_id = ANY(allowed.item_ids)` : sql`false`})
      AND (e.tsv @@ q.qa OR ${isAnyNear})`;
  const tagEntries = sql`
    SELECT dt.document_id AS doc_id, 'tag' AS field, 0 AS page,
      '00000000-0000-0000-0000-000000000000'::uuid AS part_id, wt.tag AS body,
      ts_rank(${tagVector}, q.qa) AS rank, (${maskOf(tagVector)}) AS mask
    FROM workspace_tag wt
    JOIN document_tag dt ON dt.tag_id = wt.id, q, allowed
    WHERE wt.workspace_id = ANY(allowed.workspace_ids)
      AND ${tagVector} @@ q.qa
      AND ${taggedAllowed}`;
  // With tags but no words: the documents carrying the tags, newest first.
  const taggedOnly = sql`
    SELECT dt.document_id AS doc_id, 'tag' AS field, 0 AS page,
      '00000000-0000-0000-0000-000000000000'::uuid AS part_id, wt.tag AS body, 0::real AS rank,
      0 AS mask
    FROM workspace_tag wt
    JOIN document_tag dt ON dt.tag_id = wt.id, allowed
    WHERE wt.workspace_id = ANY(allowed.workspace_ids) AND wt.tag = ANY(${tagArray})
      AND ${taggedAllowed}`;

  const tagFilter = tags.length
    ? sql`AND (SELECT count(DISTINCT wt.tag) FROM document_tag dt
        JOIN workspace_tag wt ON wt.id = dt.tag_id
        WHERE dt.document_id = docs.doc_id AND dt.collection IN ('deals', 'archives')
          AND wt.workspace_id = ANY(allowed.workspace_ids) AND wt.tag = ANY(${tagArray})
      ) = ${new Set(tags).size}`
    : sql``;

  const { rows } = (await db.execute(sql`
    WITH q AS (
      SELECT *, ${anyWord} AS qa FROM (SELECT ${words.length ? sql.join(wordQueries, sql`, `) : sql`1 AS none`}) AS each_word
    ),
    allowed AS MATERIALIZED (
      SELECT ${dealsWanted ? visibleDealIds(db, user) : sql`ARRAY[]::uuid[]`} AS deal_ids,
        ${itemsWanted ? openableItemIds(user.id) : sql`ARRAY[]::uuid[]`} AS item_ids,
        ${myWorkspaceIds(user.id)} AS workspace_ids
    ),
    entries AS MATERIALIZED (
      ${words.length ? sql`${textEntries} UNION ALL ${tagEntries}` : taggedOnly}
    ),
    docs AS (
      SELECT entries.doc_id, max(entries.rank) AS rank
      FROM entries GROUP BY entries.doc_id
      HAVING bit_or(entries.mask) = ${full}
    ),
    ranked AS (
      SELECT docs.doc_id, docs.rank FROM docs, allowed
      WHERE true ${tagFilter}
      ORDER BY docs.rank DESC, docs.doc_id
      LIMIT ${limit} OFFSET ${offset}
    ),
    best AS (
      SELECT DISTINCT ON (entries.doc_id) entries.*,
        translate(entries.body, ${EXCERPT_MARKS}, '') AS plain
      FROM entries JOIN ranked ON ranked.doc_id = entries.doc_id
      ORDER BY entries.doc_id, bit_count(entries.mask::bit(8)) DESC, entries.rank DESC,
        entries.field, entries.page
    )
    SELECT ranked.doc_id AS "docId",
      CASE WHEN d.id IS NOT NULL THEN 'deal' WHEN i.type = 'folder' THEN 'archive-folder'
        ELSE 'archive-file' END AS kind,
      best.field, best.page,
      CASE WHEN fragment.at > 1 AND left(best.plain, fragment.at - 1) ~ ${CONTENT}
        THEN '…' ELSE '' END || fragment.marked
        || CASE WHEN fragment.at > 0 AND substr(best.plain, fragment.at + fragment.length) ~ ${CONTENT}
        THEN '…' ELSE '' END AS marked,
      coalesce(d.title, i.name) AS title,
      d.state, d.process,
      CASE WHEN d.id IS NOT NULL THEN ${callerPartyOn(user.id, sql`d.id`)} END AS party,
      d.parties->'sender'->>'name' AS "senderName",
      d.parties->'receiver'->>'name' AS "receiverName",
      i.parent_id AS "parentId",
      coalesce(d.modified_at, i.modified_at) AS "modifiedAt",
      ARRAY(SELECT wt.tag FROM document_tag dt JOIN workspace_tag wt ON wt.id = dt.tag_id
        WHERE dt.document_id = ranked.doc_id
          AND dt.collection = CASE WHEN d.id IS NOT NULL THEN 'deals' ELSE 'archives' END
          AND wt.workspace_id = ANY(allowed.workspace_ids)
        ORDER BY wt.tag) AS tags
    FROM ranked
    JOIN best ON best.doc_id = ranked.doc_id
    CROSS JOIN q
    CROSS JOIN LATERAL (
      SELECT CASE WHEN ${words.length > 0} THEN coalesce(
        nullif(ts_headline('pactum_english', best.plain, q.qa,
          -- A short text (a name, an id) is marked whole: a fragment would drop parts of it.
          CASE WHEN length(best.plain) <= ${SHORT_TEXT} THEN ${HEADLINE_WHOLE}
            ELSE ${HEADLINE_OPTIONS} END), ''),
        best.plain) ELSE best.plain END AS marked
    ) AS headline
    -- Where the fragment lies in the text, so the excerpt shows '…' where text was left out.
    CROSS JOIN LATERAL (
      SELECT headline.marked, strpos(best.plain, translate(headline.marked, ${EXCERPT_MARKS}, '')) AS at,
        length(translate(headline.marked, ${EXCERPT_MARKS}, '')) AS length
    ) AS fragment
    CROSS JOIN allowed
    LEFT JOIN deal d ON d.id = ranked.doc_id
    LEFT JOIN archive_item i ON i.id = ranked.doc_id
    ORDER BY ranked.rank DESC, ranked.doc_id`)) as unknown as { rows: SearchRow[] };
  return rows;
}
