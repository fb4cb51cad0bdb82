CREATE TABLE "document_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"date" date NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"emails" text[] NOT NULL,
	"subject" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"alert_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"alerted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "digested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "digest_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_alert" ADD CONSTRAINT "document_alert_item_id_archive_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."archive_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_alert" ADD CONSTRAINT "document_alert_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_alert" ADD CONSTRAINT "document_alert_modified_by_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_alert_item_idx" ON "document_alert" USING btree ("item_id","date");--> statement-breakpoint
CREATE INDEX "document_alert_due_idx" ON "document_alert" USING btree ("due_at") WHERE "document_alert"."alerted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "document_alert_users_idx" ON "document_alert" USING gin ("alert_user_ids");--> statement-breakpoint
CREATE INDEX "notification_undigested_idx" ON "notification" USING btree ("user_id","created_at") WHERE "notification"."read_at" IS NULL AND "notification"."digested_at" IS NULL;--> statement-breakpoint
CREATE INDEX "user_digest_due_idx" ON "user" USING btree ("digest_due_at") WHERE "user"."digest_due_at" IS NOT NULL;--> statement-breakpoint
-- Notifications made before toasts and digests existed count as pushed and mailed: neither pops up nor floods a first digest.
UPDATE "notification" SET "pushed_at" = "created_at", "digested_at" = "created_at";