CREATE TABLE "webhook_sequence" (
	"endpoint_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "webhook_sequence_endpoint_id_deal_id_pk" PRIMARY KEY("endpoint_id","deal_id")
);
--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "sequence" integer;--> statement-breakpoint
ALTER TABLE "webhook_sequence" ADD CONSTRAINT "webhook_sequence_endpoint_id_webhook_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_sequence" ADD CONSTRAINT "webhook_sequence_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_sequence_key" ON "webhook_delivery" USING btree ("endpoint_id","deal_id","sequence");