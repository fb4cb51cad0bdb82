CREATE INDEX "deal_signer_user_idx" ON "deal_signer" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deal_signer_email_idx" ON "deal_signer" USING btree ("email");