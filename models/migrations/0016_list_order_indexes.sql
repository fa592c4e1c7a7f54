DROP INDEX "measures_customer_state_due";--> statement-breakpoint
CREATE INDEX "measures_customer_source_state_due" ON "measures" USING btree ("customer_id","source","state","due_date","idkey","iteration");--> statement-breakpoint
CREATE INDEX "measures_customer_dsg_state_due" ON "measures" USING btree ("customer_id","state","due_date","idkey","iteration") WHERE "measures"."dsg_measure";--> statement-breakpoint
CREATE INDEX "measures_customer_owner_state_due" ON "measures" USING btree ("customer_id","owner_user_id","state","due_date","idkey","iteration");--> statement-breakpoint
CREATE INDEX "measures_customer_state_due" ON "measures" USING btree ("customer_id","state","due_date","idkey","iteration");