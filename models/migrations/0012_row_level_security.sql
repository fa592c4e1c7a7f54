-- Row-level security on every table with a customer_id (docs/decisions/0017-one-shape.md).
-- A row is visible, and may be written, only inside the scope of its customer: the transaction
-- setting app.customer_id, set by withCustomer() in models/core/scope.server.ts. The explicit
-- bypasses asOperator() and asSystem() set app.scope = 'all'. Outside any scope a query sees no
-- tenant row. FORCE applies the policies to the tables' owner as well; only a superuser or a
-- BYPASSRLS role passes them, and the application role is neither.
-- audit_entries rows without a customer (sign-ins, the operator's own work) stay with scope all.
ALTER TABLE "block_locks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "block_locks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "block_locks" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "control_matrix_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "control_matrix_rows" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "control_matrix_rows" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "customer_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "customer_counters" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "customer_counters" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "deputies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "deputies" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "deputies" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "documents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "documents" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "ics_processes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ics_processes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "ics_processes" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "ics_quality" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ics_quality" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "ics_quality" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "ics_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ics_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "ics_settings" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invitations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "invitations" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "measures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "measures" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "measures" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "memberships" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memberships" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "memberships" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "probability_levels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "probability_levels" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "probability_levels" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "reminder_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reminder_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "reminder_log" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "responsible_bodies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "responsible_bodies" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "responsible_bodies" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "risk_process_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "risk_process_links" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "risk_process_links" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "risks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "risks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "risks" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "severity_levels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "severity_levels" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "severity_levels" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "work_processes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "work_processes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "work_processes" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
ALTER TABLE "audit_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_entries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "audit_entries" AS PERMISSIVE FOR ALL
  USING ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');--> statement-breakpoint
-- News without a customer are the operator's news for every fund: readable in any customer
-- scope, written only by the operator (scope all).
ALTER TABLE "news" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "news" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "news" AS PERMISSIVE FOR ALL
  USING ("customer_id" IS NULL OR "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all')
  WITH CHECK ("customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid OR current_setting('app.scope', true) = 'all');
