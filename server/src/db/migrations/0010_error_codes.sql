ALTER TABLE "payment" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "template_import" ADD COLUMN "error_code" text;