CREATE TABLE "document_alert_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"workspace_id" uuid,
	"action" text NOT NULL,
	"actor_id" uuid,
	"author_id" uuid,
	"before" jsonb NOT NULL,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_alert_event" ADD CONSTRAINT "document_alert_event_item_id_archive_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."archive_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_alert_event" ADD CONSTRAINT "document_alert_event_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_alert_event" ADD CONSTRAINT "document_alert_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_alert_event" ADD CONSTRAINT "document_alert_event_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_alert_event_item_idx" ON "document_alert_event" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "document_alert_event_workspace_idx" ON "document_alert_event" USING btree ("workspace_id","created_at");