CREATE TABLE "signing_link_end" (
	"short_id" text PRIMARY KEY NOT NULL,
	"deal_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signing_link_end" ADD CONSTRAINT "signing_link_end_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_link_end_deal_idx" ON "signing_link_end" USING btree ("deal_id");