-- A fund's identity provider has the tenant policies of every customer table (migrations 0015, 0020).
-- The sign-in page finds the provider by e-mail domain before anyone is signed in: that lookup runs
-- in the system scope (vorsorge_all_customers).
ALTER TABLE "identity_providers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "identity_providers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "identity_providers" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "identity_providers" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
