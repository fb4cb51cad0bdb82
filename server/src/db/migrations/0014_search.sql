-- Search (issue 16): the contrib extensions, text search configurations that fold accents before
-- stemming, and the helpers the index's views use. Written by hand around drizzle's tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION pactum_english (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION pactum_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION pactum_finnish (COPY = finnish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION pactum_finnish ALTER MAPPING FOR hword, hword_part, word WITH unaccent, finnish_stem;--> statement-breakpoint
-- Lower-cased text without accents, for trigram matching of names (immutable so an index may use it).
CREATE FUNCTION pactum_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- The reader's text of sanitised HTML: tags become spaces, then the entities the sanitiser writes
-- are decoded (after the tags are gone, so a decoded '<' never starts one).
CREATE FUNCTION pactum_html_text(html text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(
    replace(replace(replace(replace(replace(replace(replace(
      regexp_replace(html, '<[^>]*>', ' ', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&#x27;', ''''), '&amp;', '&'),
    '\s+', ' ', 'g')) $$;--> statement-breakpoint
-- One word of a query as a text-search query, never parsed as an expression: its English and
-- Finnish stems, the word as a prefix (a half-typed word), and for a Finnish stem of 6 letters or
-- more that stem less two letters (at least 5 kept) as a prefix, so inflected forms meet ('sopimukset' finds 'sopimus').
-- The caller passes letters and digits only.
CREATE FUNCTION pactum_word_query(word text) RETURNS tsquery
  LANGUAGE sql STABLE STRICT PARALLEL SAFE
  AS $$ SELECT plainto_tsquery('pactum_english', word) || plainto_tsquery('pactum_finnish', word)
    || to_tsquery('simple', quote_literal(pactum_fold(word)) || ':*')
    || coalesce((SELECT to_tsquery('simple', quote_literal(left(stem, greatest(5, length(stem) - 2))) || ':*')
      FROM (SELECT (ts_lexize('finnish_stem', pactum_fold(word)))[1] AS stem) AS lexized
      WHERE length(stem) >= 6), to_tsquery('simple', quote_literal(pactum_fold(word)) || ':*')) $$;--> statement-breakpoint
CREATE TABLE "deal_page" (
	"deal_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "deal_page_deal_id_page_pk" PRIMARY KEY("deal_id","page")
);
--> statement-breakpoint
CREATE TABLE "search_entry" (
	"doc_id" uuid NOT NULL,
	"deal_id" uuid,
	"item_id" uuid,
	"field" text NOT NULL,
	"part_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid NOT NULL,
	"page" integer DEFAULT 0 NOT NULL,
	"body" text NOT NULL,
	"fold" text,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pactum_english'::regconfig, body) || to_tsvector('pactum_finnish'::regconfig, body), CASE field WHEN 'title' THEN 'A' WHEN 'name' THEN 'A' WHEN 'contractUid' THEN 'A' WHEN 'party' THEN 'B' WHEN 'signer' THEN 'B' WHEN 'upload' THEN 'B' WHEN 'section' THEN 'C' ELSE 'D' END::"char")) STORED NOT NULL,
	CONSTRAINT "search_entry_doc_id_field_part_id_page_pk" PRIMARY KEY("doc_id","field","part_id","page")
);
--> statement-breakpoint
ALTER TABLE "deal_page" ADD CONSTRAINT "deal_page_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entry" ADD CONSTRAINT "search_entry_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entry" ADD CONSTRAINT "search_entry_item_id_archive_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."archive_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_entry_tsv_idx" ON "search_entry" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_entry_fold_idx" ON "search_entry" USING gin ("fold" gin_trgm_ops) WHERE "search_entry"."fold" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "search_entry_deal_idx" ON "search_entry" USING btree ("deal_id") WHERE "search_entry"."deal_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "search_entry_item_idx" ON "search_entry" USING btree ("item_id") WHERE "search_entry"."item_id" IS NOT NULL;--> statement-breakpoint
-- What is indexed, one view per source; the triggers below and pactum_search_reindex() read them,
-- so a change of what is searchable is a change of a view. Columns in search_entry's order.
CREATE VIEW search_deal_source AS
  SELECT d.id AS doc_id, d.id AS deal_id, NULL::uuid AS item_id, 'title' AS field,
    '00000000-0000-0000-0000-000000000000'::uuid AS part_id, 0 AS page, d.title AS body,
    pactum_fold(d.title) AS fold
  FROM deal d WHERE btrim(d.title) <> ''
  UNION ALL
  SELECT d.id, d.id, NULL::uuid, 'party', '00000000-0000-0000-0000-000000000000'::uuid, 0,
    concat_ws(' · ', nullif(btrim(d.parties->'sender'->>'name'), ''), nullif(btrim(d.parties->'receiver'->>'name'), '')),
    pactum_fold(concat_ws(' · ', nullif(btrim(d.parties->'sender'->>'name'), ''), nullif(btrim(d.parties->'receiver'->>'name'), '')))
  FROM deal d
  WHERE coalesce(btrim(d.parties->'sender'->>'name'), '') <> '' OR coalesce(btrim(d.parties->'receiver'->>'name'), '') <> ''
  UNION ALL
  SELECT d.id, d.id, NULL::uuid, 'contractUid', '00000000-0000-0000-0000-000000000000'::uuid, 0,
    d.contract_uid, pactum_fold(d.contract_uid)
  FROM deal d WHERE coalesce(btrim(d.contract_uid), '') <> '';--> statement-breakpoint
-- A section's current text: its title and the text of its default option, HTML stripped.
CREATE VIEW search_section_source AS
  SELECT s.deal_id AS doc_id, s.deal_id, NULL::uuid AS item_id, 'section' AS field, s.id AS part_id,
    0 AS page, left(concat_ws(E'\n', nullif(btrim(s.title), ''), nullif(pactum_html_text(coalesce(
      (SELECT o->>'html' FROM jsonb_array_elements(s.content) o WHERE o->>'id' = s.default_content_id LIMIT 1),
      s.content->0->>'html', '')), '')), 200000) AS body,
    NULL::text AS fold
  FROM deal_section s
  WHERE s.deleted_at IS NULL AND s.type = 'normal';--> statement-breakpoint
CREATE VIEW search_signer_source AS
  SELECT g.deal_id AS doc_id, g.deal_id, NULL::uuid AS item_id, 'signer' AS field, g.id AS part_id,
    0 AS page, concat_ws(' ', g.firstname, g.lastname, g.email) AS body,
    pactum_fold(concat_ws(' ', g.firstname, g.lastname, g.email)) AS fold
  FROM deal_signer g WHERE g.revoked_at IS NULL;--> statement-breakpoint
CREATE VIEW search_deal_page_source AS
  SELECT p.deal_id AS doc_id, p.deal_id, NULL::uuid AS item_id, 'dealPage' AS field,
    '00000000-0000-0000-0000-000000000000'::uuid AS part_id, p.page, left(p.text, 200000) AS body,
    NULL::text AS fold
  FROM deal_page p WHERE btrim(p.text) <> '';--> statement-breakpoint
-- A live archive item's name, its uploaded file's name when different, and its PDF pages' text.
CREATE VIEW search_item_source AS
  SELECT i.id AS doc_id, NULL::uuid AS deal_id, i.id AS item_id, 'name' AS field,
    '00000000-0000-0000-0000-000000000000'::uuid AS part_id, 0 AS page, i.name AS body,
    pactum_fold(i.name) AS fold
  FROM archive_item i WHERE i.deleted_at IS NULL
  UNION ALL
  SELECT i.id, NULL::uuid, i.id, 'upload', '00000000-0000-0000-0000-000000000000'::uuid, 0,
    i.original_name, pactum_fold(i.original_name)
  FROM archive_item i
  WHERE i.deleted_at IS NULL AND coalesce(btrim(i.original_name), '') <> '' AND i.original_name <> i.name
  UNION ALL
  SELECT i.id, NULL::uuid, i.id, 'archivePage', '00000000-0000-0000-0000-000000000000'::uuid, p.page,
    left(p.text, 200000), NULL::text
  FROM archive_item i JOIN archive_page p ON p.item_id = i.id
  WHERE i.deleted_at IS NULL AND btrim(p.text) <> '';--> statement-breakpoint
-- The triggers: each replaces its source's rows in the same transaction as the change.
CREATE FUNCTION pactum_search_deal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entry WHERE doc_id = NEW.id AND field IN ('title', 'party', 'contractUid');
  INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
    SELECT * FROM search_deal_source WHERE doc_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_deal AFTER INSERT OR UPDATE OF title, parties, contract_uid ON deal
  FOR EACH ROW EXECUTE FUNCTION pactum_search_deal();--> statement-breakpoint
CREATE FUNCTION pactum_search_section() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM search_entry WHERE doc_id = OLD.deal_id AND field = 'section' AND part_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
      SELECT * FROM search_section_source WHERE part_id = NEW.id AND body <> '';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_section_insert AFTER INSERT OR DELETE ON deal_section
  FOR EACH ROW EXECUTE FUNCTION pactum_search_section();--> statement-breakpoint
-- Locks and state changes rewrite a section's row often; only a change of its text reindexes it.
CREATE TRIGGER search_section_update AFTER UPDATE ON deal_section
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.content IS DISTINCT FROM NEW.content
    OR OLD.default_content_id IS DISTINCT FROM NEW.default_content_id
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION pactum_search_section();--> statement-breakpoint
CREATE FUNCTION pactum_search_signer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM search_entry WHERE doc_id = OLD.deal_id AND field = 'signer' AND part_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
      SELECT * FROM search_signer_source WHERE part_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_signer AFTER INSERT OR DELETE OR UPDATE OF firstname, lastname, email, revoked_at
  ON deal_signer FOR EACH ROW EXECUTE FUNCTION pactum_search_signer();--> statement-breakpoint
CREATE FUNCTION pactum_search_deal_page() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM search_entry WHERE doc_id = OLD.deal_id AND field = 'dealPage' AND page = OLD.page;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
      SELECT * FROM search_deal_page_source WHERE doc_id = NEW.deal_id AND page = NEW.page;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_deal_page AFTER INSERT OR UPDATE OR DELETE ON deal_page
  FOR EACH ROW EXECUTE FUNCTION pactum_search_deal_page();--> statement-breakpoint
-- An archive item's rows are rebuilt whole when its name or life changes: a deleted item leaves
-- the index with its pages, a restored one comes back with them.
CREATE FUNCTION pactum_search_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entry WHERE doc_id = NEW.id;
  INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
    SELECT * FROM search_item_source WHERE doc_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_item AFTER INSERT OR UPDATE OF name, original_name, deleted_at ON archive_item
  FOR EACH ROW EXECUTE FUNCTION pactum_search_item();--> statement-breakpoint
CREATE FUNCTION pactum_search_item_page() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM search_entry WHERE doc_id = OLD.item_id AND field = 'archivePage' AND page = OLD.page;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
      SELECT * FROM search_item_source
      WHERE doc_id = NEW.item_id AND field = 'archivePage' AND page = NEW.page;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_item_page AFTER INSERT OR UPDATE OR DELETE ON archive_page
  FOR EACH ROW EXECUTE FUNCTION pactum_search_item_page();--> statement-breakpoint
-- Rebuilds the whole index from the views (`npm run search:reindex`); answers the rows written.
CREATE FUNCTION pactum_search_reindex() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  written bigint := 0;
  step bigint;
BEGIN
  LOCK TABLE search_entry IN EXCLUSIVE MODE;
  DELETE FROM search_entry;
  INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
    SELECT * FROM search_deal_source;
  GET DIAGNOSTICS step = ROW_COUNT; written := written + step;
  INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
    SELECT * FROM search_section_source WHERE body <> '';
  GET DIAGNOSTICS step = ROW_COUNT; written := written + step;
  INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
    SELECT * FROM search_signer_source;
  GET DIAGNOSTICS step = ROW_COUNT; written := written + step;
  INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
    SELECT * FROM search_deal_page_source;
  GET DIAGNOSTICS step = ROW_COUNT; written := written + step;
  INSERT INTO search_entry (doc_id, deal_id, item_id, field, part_id, page, body, fold)
    SELECT * FROM search_item_source;
  GET DIAGNOSTICS step = ROW_COUNT; written := written + step;
  RETURN written;
END $$;--> statement-breakpoint
SELECT pactum_search_reindex();
