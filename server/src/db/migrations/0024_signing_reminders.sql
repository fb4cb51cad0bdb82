ALTER TABLE "deal_signer" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_signer" ADD COLUMN "next_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "reminder_first_days" integer;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "reminder_every_days" integer;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "reminder_max" integer;--> statement-breakpoint
CREATE INDEX "deal_signer_next_reminder_idx" ON "deal_signer" USING btree ("next_reminder_at") WHERE "deal_signer"."next_reminder_at" is not null;