CREATE TABLE "notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"document_id" uuid NOT NULL,
	"event" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "send_pdf_draft" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_pdf" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"file_id" uuid,
	"sha256" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signer_code" (
	"signer_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'started' NOT NULL,
	"phone" text,
	"code_hash" text,
	"code_salt" text,
	"expires_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "signature_text" text;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "signature_font" text;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "signature_color" text;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "consent_lang" text;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "use_2fa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "use_2fa_in_signing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "content_sha256" text;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "signing_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "pdf_file_id" uuid;--> statement-breakpoint
ALTER TABLE "document_event" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "document_event" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "document_event" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "chunk_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "signature_font" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "signature_color" text;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_pdf_draft" ADD CONSTRAINT "send_pdf_draft_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_pdf" ADD CONSTRAINT "signed_pdf_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_pdf" ADD CONSTRAINT "signed_pdf_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_code" ADD CONSTRAINT "signer_code_signer_id_deal_signer_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."deal_signer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "deal" ADD CONSTRAINT "deal_pdf_file_id_file_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_access_open_email_idx" ON "document_access" USING btree ("email") WHERE "document_access"."user_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "document_event_chain_key" ON "document_event" USING btree ("collection","document_id","seq");