CREATE TABLE "job_run" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"worker_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_worker" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_processor_charge" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
CREATE INDEX "job_run_worker_idx" ON "job_run" USING btree ("worker_id");--> statement-breakpoint
UPDATE "payment" SET "credited_at" = "updated_at" WHERE "status" = 'succeeded' AND EXISTS (SELECT 1 FROM "credit_transaction" WHERE "credit_transaction"."payment_id" = "payment"."id");
