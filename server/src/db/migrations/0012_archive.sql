CREATE TABLE "archive_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"user_id" uuid,
	"workspace_id" uuid,
	"group_id" uuid
);
--> statement-breakpoint
CREATE TABLE "archive_filing" (
	"deal_id" uuid NOT NULL,
	"party" text NOT NULL,
	"state" text DEFAULT 'in-progress' NOT NULL,
	"step" text DEFAULT 'sealing' NOT NULL,
	"item_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archive_filing_deal_id_party_pk" PRIMARY KEY("deal_id","party")
);
--> statement-breakpoint
CREATE TABLE "archive_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"ancestor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"workspace_id" uuid,
	"scope" text NOT NULL,
	"group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"file_id" uuid,
	"original_name" text,
	"size" integer,
	"file_type" text,
	"extension" text,
	"original_deal_id" uuid,
	"original_party" text,
	"alert_count" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"text_state" text,
	"page_count" integer,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "archive_page" (
	"item_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "archive_page_item_id_page_pk" PRIMARY KEY("item_id","page")
);
--> statement-breakpoint
CREATE TABLE "archive_permission_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"group_ids" uuid[] NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "archive_access" ADD CONSTRAINT "archive_access_item_id_archive_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."archive_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_access" ADD CONSTRAINT "archive_access_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_access" ADD CONSTRAINT "archive_access_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_access" ADD CONSTRAINT "archive_access_group_id_workspace_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."workspace_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_filing" ADD CONSTRAINT "archive_filing_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_filing" ADD CONSTRAINT "archive_filing_item_id_archive_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."archive_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_item" ADD CONSTRAINT "archive_item_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_item" ADD CONSTRAINT "archive_item_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_item" ADD CONSTRAINT "archive_item_original_deal_id_deal_id_fk" FOREIGN KEY ("original_deal_id") REFERENCES "public"."deal"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_item" ADD CONSTRAINT "archive_item_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_item" ADD CONSTRAINT "archive_item_modified_by_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_item" ADD CONSTRAINT "archive_item_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_page" ADD CONSTRAINT "archive_page_item_id_archive_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."archive_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_permission_change" ADD CONSTRAINT "archive_permission_change_folder_id_archive_item_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."archive_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_permission_change" ADD CONSTRAINT "archive_permission_change_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_access_item_idx" ON "archive_access" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "archive_access_user_idx" ON "archive_access" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "archive_access_workspace_idx" ON "archive_access" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "archive_access_group_idx" ON "archive_access" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "archive_filing_open_idx" ON "archive_filing" USING btree ("state") WHERE "archive_filing"."state" <> 'done';--> statement-breakpoint
CREATE INDEX "archive_item_parent_idx" ON "archive_item" USING btree ("parent_id","type","name") WHERE "archive_item"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "archive_item_workspace_idx" ON "archive_item" USING btree ("workspace_id") WHERE "archive_item"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "archive_item_groups_idx" ON "archive_item" USING gin ("group_ids");--> statement-breakpoint
CREATE INDEX "archive_item_ancestors_idx" ON "archive_item" USING gin ("ancestor_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "archive_folder_name_key" ON "archive_item" USING btree ("workspace_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE "archive_item"."type" = 'folder' AND "archive_item"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "archive_deal_copy_key" ON "archive_item" USING btree ("original_deal_id","original_party") WHERE "archive_item"."original_deal_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "archive_permission_change_folder_idx" ON "archive_permission_change" USING btree ("folder_id","created_at");