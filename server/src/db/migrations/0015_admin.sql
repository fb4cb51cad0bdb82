-- The admin area's search texts (issue 17), folded like the search index's names: the user list
-- matches an e-mail or name, the document list a title, contract id or party name. Queries use
-- `pactum_admin_*_text(...) LIKE '%' || pactum_fold(q) || '%'`, which the trigram indexes serve.
CREATE FUNCTION pactum_admin_user_text(email text, name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.pactum_fold(coalesce(email, '') || ' ' || coalesce(name, '')) $$;--> statement-breakpoint
CREATE FUNCTION pactum_admin_document_text(title text, contract_uid text, parties jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.pactum_fold(concat_ws(' ', title, contract_uid,
    parties -> 'sender' ->> 'name', parties -> 'receiver' ->> 'name')) $$;--> statement-breakpoint
CREATE TABLE "admin_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"target_label" text,
	"target_user_id" uuid,
	"reason" text,
	"ip_address" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_chain_check" (
	"collection" text NOT NULL,
	"document_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer,
	"broken_seq" integer,
	"broken_reason" text,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "audit_chain_check_collection_document_id_pk" PRIMARY KEY("collection","document_id")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "admin_event" ADD CONSTRAINT "admin_event_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_event" ADD CONSTRAINT "admin_event_target_user_id_user_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_chain_check" ADD CONSTRAINT "audit_chain_check_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_event_created_idx" ON "admin_event" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_event_target_idx" ON "admin_event" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_event_admin_idx" ON "admin_event" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_event_target_user_idx" ON "admin_event" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_event_action_idx" ON "admin_event" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "auth_event_created_idx" ON "auth_event" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "auth_event_type_idx" ON "auth_event" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "deal_modified_idx" ON "deal" USING btree ("modified_at","id");--> statement-breakpoint
CREATE INDEX "deal_workspace_idx" ON "deal" USING btree ("workspace_id","modified_at");--> statement-breakpoint
CREATE INDEX "deal_admin_search_idx" ON "deal" USING gin (pactum_admin_document_text("title", "contract_uid", "parties") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_event_created_idx" ON "document_event" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "document_event_user_idx" ON "document_event" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "document_event_event_idx" ON "document_event" USING btree ("event","created_at");--> statement-breakpoint
CREATE INDEX "draft_modified_idx" ON "draft" USING btree ("modified_at","id");--> statement-breakpoint
CREATE INDEX "draft_workspace_idx" ON "draft" USING btree ("workspace_id","modified_at");--> statement-breakpoint
CREATE INDEX "draft_admin_search_idx" ON "draft" USING gin (pactum_admin_document_text("title", NULL::text, "parties") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_admin_search_idx" ON "user" USING gin (pactum_admin_user_text("email", "name") gin_trgm_ops);