CREATE TABLE "audit_chain_verdict" (
	"collection" text NOT NULL,
	"document_id" uuid NOT NULL,
	"is_valid" boolean,
	"count" integer,
	"verified_seq" integer,
	"head_hash" text,
	"broken_seq" integer,
	"broken_reason" text,
	"checked_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	CONSTRAINT "audit_chain_verdict_collection_document_id_pk" PRIMARY KEY("collection","document_id")
);
