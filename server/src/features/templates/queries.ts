import type { AccessRole } from '@pactum/core/documents';
import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentAccess, templates } from '../../db/schema';
import { accessibleDocumentIds, reachesUser } from '../../documents/access';

/**
 * The first characters of the abstract a library card needs: cards show at most 230 on a
 * word boundary (`cutAbstract`), so the rest of a long abstract stays in the database.
 */
export const CARD_ABSTRACT_CHARS = 480;

/** The columns of a library card: never the whole row, never more abstract than a card shows. */
export const cardColumns = {
  id: templates.id,
  title: templates.title,
  abstract: sql<string>`left(${templates.abstract}, ${sql.raw(String(CARD_ABSTRACT_CHARS))})`,
  category: templates.category,
  language: templates.language,
  region: templates.region,
  partner: templates.partner,
  isGlobal: templates.isGlobal,
  price: templates.price,
  createdBy: templates.createdBy,
  createdAt: templates.createdAt,
  modifiedAt: templates.modifiedAt,
};

export type CardRow = {
  id: string;
  title: string;
  abstract: string;
  category: string | null;
  language: string | null;
  region: string | null;
  partner: string | null;
  isGlobal: boolean;
  price: number | null;
  createdBy: string;
  createdAt: Date;
  modifiedAt: Date;
};

/** The card filters of the library; an empty value means any. */
export type CardFilters = {
  category: string;
  language: string;
  region: string;
  partner: string;
};

/**
 * The words of a library search: split on white space, lower-cased, at least two characters
 * each, each once (spec 2 §9: minimum match length 2; the pattern is already cut at 32
 * characters). Every word must be found in the title or the abstract (`searchedCondition`).
 */
export function searchWords(query: string): string[] {
  const words = query
    .normalize('NFC')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 2);
  return [...new Set(words)];
}

/**
 * The least pg_trgm word similarity at which a search word counts as found in a template's
 * folded title and abstract: the spec's fuzzy threshold 0.5 (spec 2 §9). The similarity is the
 * share of the word's trigrams found in one stretch of the text, so 0.5 keeps a word with one
 * letter wrong, left out or doubled ('servce' finds 'service' at 0.57, 'sopimuss' 'sopimus' at
 * 0.78, 'agrement' 'agreement' at 0.73) while unrelated words stay near 0.3. pg_trgm's default
 * of 0.6, which the search index keeps, would miss 'servce'.
 */
export const TEMPLATE_SEARCH_SIMILARITY = 0.5;

/** The folded title and abstract, as the trigram index `template_search_idx` holds them. */
const searchText = sql`pactum_template_text(${templates.title}, ${templates.abstract})`;
const foldedTitle = sql`public.pactum_fold(${templates.title})`;
const foldedWord = (word: string) => sql`public.pactum_fold(${word})`;

/**
 * `'%word%'` of a folded word, LIKE's wildcards and escape character escaped after folding (so
 * a '%' or '_' typed, or one the folding made, is a plain character).
 */
const containsWord = (word: string) =>
  sql`'%' || replace(replace(replace(${foldedWord(word)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/**
 * A template holds every word: as a substring of the folded title and abstract, or as a word
 * close to one in them (`%>`, at `TEMPLATE_SEARCH_SIMILARITY`). Both are served by the index;
 * `text %> word` rather than `word <% text` so the index's condition is the clause itself and
 * PostgreSQL checks each candidate's similarity once, not again as a filter.
 */
function searchedCondition(words: string[]): SQL[] {
  return words.map(
    (word) =>
      sql`(${searchText} LIKE ${containsWord(word)} OR ${searchText} %> ${foldedWord(word)})`,
  );
}

/**
 * Best match first, summed over the words: the title counts twice, 1 for the word as a
 * substring and its similarity otherwise; the title and abstract together count once, 1 for a
 * substring and the threshold for a close word. (The similarity in the whole text would be a
 * finer measure, but it costs a second pass over every candidate's trigrams — most of a
 * search's time — while a title is short.)
 */
function searchScore(words: string[]): SQL {
  return sql.join(
    words.map(
      (word) => sql`(2 * CASE WHEN ${foldedTitle} LIKE ${containsWord(word)} THEN 1::float8
        ELSE word_similarity(${foldedWord(word)}, ${foldedTitle})::float8 END
        + CASE WHEN ${searchText} LIKE ${containsWord(word)} THEN 1::float8
        ELSE ${TEMPLATE_SEARCH_SIMILARITY}::float8 END)`,
    ),
    sql` + `,
  );
}

function cardFilterSql(filters: CardFilters): SQL[] {
  const conditions: SQL[] = [];
  for (const field of ['category', 'language', 'region', 'partner'] as const) {
    if (filters[field]) conditions.push(eq(templates[field], filters[field]));
  }
  return conditions;
}

/** Which of the caller's own (non-global) templates a tab takes: all, my or shared ones. */
export type ReachScope = 'all' | 'my' | 'shared';

/** The caller's live non-global templates of a scope, on `templates` of the outer query. */
function reachedTemplates(db: DbOrTx, userId: string, scope: ReachScope): SQL {
  return and(
    isNull(templates.deletedAt),
    eq(templates.isGlobal, false),
    inArray(templates.id, accessibleDocumentIds(db, { collection: 'templates', userId })),
    scope === 'my'
      ? eq(templates.createdBy, userId)
      : scope === 'shared'
        ? ne(templates.createdBy, userId)
        : undefined,
  ) as SQL;
}

/**
 * Cards of the caller's live non-global templates in a scope that pass the filters, newest
 * change first with the id as tiebreak (pages never repeat or skip a card), `limit` of them
 * from `offset`.
 */
export async function selectReachedCards(
  db: DbOrTx,
  options: {
    userId: string;
    scope: ReachScope;
    filters: CardFilters;
    limit: number;
    offset: number;
  },
): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(templates)
    .where(
      and(reachedTemplates(db, options.userId, options.scope), ...cardFilterSql(options.filters)),
    )
    .orderBy(desc(templates.modifiedAt), desc(templates.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** The live global templates, on `templates` of the outer query (index `template_global_idx`). */
const liveGlobalTemplates = () =>
  and(eq(templates.isGlobal, true), isNull(templates.deletedAt)) as SQL;

/**
 * Cards of a library tab's templates that pass the filters and hold every search word (2+
 * characters, see `searchedCondition`), best match first, then newest change, then the larger id:
 * one order over globals and the caller's own alike, so pages never repeat or skip a card.
 * `limit` of them from `offset`.
 *
 * In a transaction of its own: `set_config(…, true)` sets the threshold of `%>` (which its
 * index scan reads too) until the commit, leaving pg_trgm's default to every other statement
 * on the connection (the search index's `<%` keeps 0.6). The threshold cannot be an argument:
 * only the operator form is served by the index.
 */
export async function selectSearchedCards(
  db: DbOrTx,
  options: {
    userId: string;
    scope: ReachScope | 'global';
    filters: CardFilters;
    words: string[];
    limit: number;
    offset: number;
  },
): Promise<CardRow[]> {
  const { userId, scope, filters, words } = options;
  const inScope =
    scope === 'global'
      ? liveGlobalTemplates()
      : scope === 'all'
        ? or(liveGlobalTemplates(), reachedTemplates(db, userId, 'all'))
        : reachedTemplates(db, userId, scope);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TEMPLATE_SEARCH_SIMILARITY)}, true)`,
    );
    return tx
      .select(cardColumns)
      .from(templates)
      .where(and(inScope, ...cardFilterSql(filters), ...searchedCondition(words)))
      .orderBy(sql`${searchScore(words)} DESC`, desc(templates.modifiedAt), desc(templates.id))
      .limit(options.limit)
      .offset(options.offset);
  });
}

/** The card filters' values among the caller's non-global templates of a scope, unfiltered. */
export async function selectReachedChoices(
  db: DbOrTx,
  options: { userId: string; scope: ReachScope },
) {
  return db
    .selectDistinct({
      category: templates.category,
      language: templates.language,
      region: templates.region,
      partner: templates.partner,
    })
    .from(templates)
    .where(reachedTemplates(db, options.userId, options.scope));
}

const rank = { user: 0, workspace: 1, group: 2 } as const;

/**
 * The caller's role on each of the given templates they reach through an access entry, resolved
 * like `resolveAccess`: their own entry first, then a workspace's, then a group's; edit wins
 * within the same source.
 */
export async function selectTemplateRoles(
  db: DbOrTx,
  userId: string,
  templateIds: string[],
): Promise<Map<string, AccessRole>> {
  if (templateIds.length === 0) return new Map();
  const rows = await db
    .select({
      documentId: documentAccess.documentId,
      role: documentAccess.role,
      userId: documentAccess.userId,
      workspaceId: documentAccess.workspaceId,
    })
    .from(documentAccess)
    .where(
      and(
        eq(documentAccess.collection, 'templates'),
        inArray(documentAccess.documentId, templateIds),
        reachesUser(userId),
      ),
    );
  const best = new Map<string, { role: AccessRole; rank: number }>();
  for (const row of rows) {
    const source = row.userId ? 'user' : row.workspaceId ? 'workspace' : 'group';
    const current = best.get(row.documentId);
    if (
      !current ||
      rank[source] < current.rank ||
      (rank[source] === current.rank && row.role === 'edit' && current.role === 'view')
    ) {
      best.set(row.documentId, { role: row.role, rank: rank[source] });
    }
  }
  return new Map([...best].map(([id, value]) => [id, value.role]));
}
