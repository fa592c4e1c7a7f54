-- Row-level security for the data protection area's tables (docs/decisions/0017-one-shape.md,
-- migration 0015): the policy `tenant` shows and accepts only the rows of the customer named in
-- app.customer_id; `all_customers` lets every row through for the role the system's and the
-- operator's transactions take on. dsg_templates is the operator's shared catalogue and has none.
ALTER TABLE "dsg_activities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dsg_activities" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "dsg_activities" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "dsg_activities" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "dsg_activity_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dsg_activity_links" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "dsg_activity_links" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "dsg_activity_links" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "dsg_dpias" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dsg_dpias" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "dsg_dpias" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "dsg_dpias" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "dsg_dpia_risks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dsg_dpia_risks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "dsg_dpia_risks" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "dsg_dpia_risks" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "dsg_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dsg_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "dsg_settings" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "dsg_settings" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "dsg_breaches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dsg_breaches" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "dsg_breaches" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "dsg_breaches" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "dsg_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dsg_requests" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "dsg_requests" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "dsg_requests" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "dsg_measure_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dsg_measure_links" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "dsg_measure_links" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "dsg_measure_links" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
