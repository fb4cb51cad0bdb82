CREATE TABLE "attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection" text NOT NULL,
	"document_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection" text NOT NULL,
	"document_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text,
	"workspace_id" uuid,
	"group_id" uuid,
	"role" text NOT NULL,
	"party" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection" text NOT NULL,
	"document_id" uuid NOT NULL,
	"event" text NOT NULL,
	"party" text,
	"section_id" uuid,
	"user_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_tag" (
	"collection" text NOT NULL,
	"document_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_tag_collection_document_id_tag_id_pk" PRIMARY KEY("collection","document_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "draft_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"step" text DEFAULT 'queued' NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draft_receiver" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"deal_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"party" jsonb NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contract_name" text,
	"contract_uid" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draft_section" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"help" text,
	"content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_content_id" text,
	"edit_lock" boolean DEFAULT false NOT NULL,
	"locked_by" uuid,
	"locked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"draft_id" uuid NOT NULL,
	"template_section_id" uuid,
	"definition" jsonb
);
--> statement-breakpoint
CREATE TABLE "draft" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"template_id" uuid,
	"template_title" text,
	"language" text,
	"visibility" text DEFAULT 'team' NOT NULL,
	"parties" jsonb DEFAULT '{"sender":{"type":"business","name":""},"receiver":{"type":"business","name":""}}'::jsonb NOT NULL,
	"deal_process" text,
	"default_process" text,
	"batch_name" text,
	"sender_message" text,
	"price" integer,
	"workspace_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone,
	"sent_processed_at" timestamp with time zone,
	"deleted_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"type" text NOT NULL,
	"storage_key" text NOT NULL,
	"offset" integer DEFAULT 0 NOT NULL,
	"purpose" text NOT NULL,
	"sha256" text,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internal_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection" text NOT NULL,
	"document_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"thread_id" uuid,
	"party" text NOT NULL,
	"content" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "template_import" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"error_message" text,
	"html" text,
	"title" text,
	"abstract" text,
	"category" text,
	"language" text,
	"region" text,
	"markers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"template_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_section" ADD COLUMN "edit_lock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_section" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_section" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "deal_section" ADD COLUMN "modified_by" uuid;--> statement-breakpoint
ALTER TABLE "deal_section" ADD COLUMN "modified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "draft_id" uuid;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "draft_receiver_id" uuid;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "before_trash_state" text;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "send_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "receiver_validated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "template_section" ADD COLUMN "edit_lock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "template_section" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "template_section" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "template_section" ADD COLUMN "modified_by" uuid;--> statement-breakpoint
ALTER TABLE "template_section" ADD COLUMN "modified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "template_section" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "parties" jsonb DEFAULT '{"sender":{"type":"business","name":""},"receiver":{"type":"business","name":""}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "partner" text;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "visibility" text DEFAULT 'team' NOT NULL;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "locked_by" uuid;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "from_import_id" uuid;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "from_collection" text;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "from_document_id" uuid;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "modified_by" uuid;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_access" ADD CONSTRAINT "document_access_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_access" ADD CONSTRAINT "document_access_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_access" ADD CONSTRAINT "document_access_group_id_workspace_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."workspace_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_access" ADD CONSTRAINT "document_access_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_event" ADD CONSTRAINT "document_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_tag" ADD CONSTRAINT "document_tag_tag_id_workspace_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."workspace_tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_tag" ADD CONSTRAINT "document_tag_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_queue" ADD CONSTRAINT "draft_queue_draft_id_draft_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."draft"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_receiver" ADD CONSTRAINT "draft_receiver_draft_id_draft_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."draft"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_section" ADD CONSTRAINT "draft_section_locked_by_user_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_section" ADD CONSTRAINT "draft_section_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_section" ADD CONSTRAINT "draft_section_modified_by_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_section" ADD CONSTRAINT "draft_section_draft_id_draft_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."draft"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft" ADD CONSTRAINT "draft_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft" ADD CONSTRAINT "draft_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft" ADD CONSTRAINT "draft_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft" ADD CONSTRAINT "draft_modified_by_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft" ADD CONSTRAINT "draft_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft" ADD CONSTRAINT "draft_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_comment" ADD CONSTRAINT "internal_comment_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_comment" ADD CONSTRAINT "internal_comment_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_import" ADD CONSTRAINT "template_import_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_import" ADD CONSTRAINT "template_import_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_import" ADD CONSTRAINT "template_import_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_document_idx" ON "attachment" USING btree ("collection","document_id","position");--> statement-breakpoint
CREATE INDEX "document_access_document_idx" ON "document_access" USING btree ("collection","document_id");--> statement-breakpoint
CREATE INDEX "document_access_user_idx" ON "document_access" USING btree ("user_id","collection");--> statement-breakpoint
CREATE INDEX "document_access_workspace_idx" ON "document_access" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "document_access_group_idx" ON "document_access" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_access_user_key" ON "document_access" USING btree ("collection","document_id","user_id") WHERE "document_access"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "document_access_email_key" ON "document_access" USING btree ("collection","document_id","email") WHERE "document_access"."user_id" IS NULL AND "document_access"."email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "document_access_workspace_key" ON "document_access" USING btree ("collection","document_id","workspace_id") WHERE "document_access"."workspace_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "document_access_group_key" ON "document_access" USING btree ("collection","document_id","group_id") WHERE "document_access"."group_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "document_event_document_idx" ON "document_event" USING btree ("collection","document_id","created_at");--> statement-breakpoint
CREATE INDEX "document_tag_tag_idx" ON "document_tag" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draft_queue_draft_key" ON "draft_queue" USING btree ("draft_id");--> statement-breakpoint
CREATE INDEX "draft_receiver_draft_idx" ON "draft_receiver" USING btree ("draft_id");--> statement-breakpoint
CREATE INDEX "draft_section_draft_idx" ON "draft_section" USING btree ("draft_id","position");--> statement-breakpoint
CREATE INDEX "draft_created_by_idx" ON "draft" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "file_created_by_idx" ON "file" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "internal_comment_document_idx" ON "internal_comment" USING btree ("collection","document_id","section_id");--> statement-breakpoint
ALTER TABLE "deal_section" ADD CONSTRAINT "deal_section_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_section" ADD CONSTRAINT "deal_section_modified_by_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal" ADD CONSTRAINT "deal_draft_id_draft_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."draft"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_section" ADD CONSTRAINT "template_section_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_section" ADD CONSTRAINT "template_section_modified_by_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template" ADD CONSTRAINT "template_locked_by_user_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template" ADD CONSTRAINT "template_modified_by_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template" ADD CONSTRAINT "template_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_draft_idx" ON "deal" USING btree ("draft_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_draft_receiver_key" ON "deal" USING btree ("draft_receiver_id");--> statement-breakpoint
CREATE INDEX "template_global_idx" ON "template" USING btree ("is_global");--> statement-breakpoint
CREATE UNIQUE INDEX "template_coupon_code_key" ON "template" USING btree ("coupon_code");