-- The template library's fuzzy search (spec 2 §2.1, §9): the title and the abstract as one folded
-- text, like the admin area's search texts. Queries match each word with
-- `pactum_template_text(title, abstract) LIKE '%' || word || '%'` or `pactum_template_text(...) %> word`,
-- which the trigram index serves. `public.` qualified: an index expression runs without a search path.
CREATE FUNCTION pactum_template_text(title text, abstract text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.pactum_fold(coalesce(title, '') || ' ' || coalesce(abstract, '')) $$;--> statement-breakpoint
CREATE INDEX "template_search_idx" ON "template" USING gin (pactum_template_text("title", "abstract") gin_trgm_ops);--> statement-breakpoint
-- The planner estimates a `%>` condition by running the similarity on the expression's histogram
-- (pg_trgm's matchingsel): 100 folded texts cost ~10 ms of planning per search, 10 cost ~1 ms and
-- still tell a rare word from a common one.
ALTER INDEX "template_search_idx" ALTER COLUMN 1 SET STATISTICS 10;
