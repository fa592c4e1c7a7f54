CREATE INDEX "block_locks_customer" ON "block_locks" USING btree ("customer_id","entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "news_customer_valid" ON "news" USING btree ("customer_id","valid_from");--> statement-breakpoint
CREATE INDEX "risk_process_links_customer_risk" ON "risk_process_links" USING btree ("customer_id","risk_id");