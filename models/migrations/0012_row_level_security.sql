-- Row-level security for every table with a customer_id (docs/decisions/0017-one-shape-rls.md).
--
-- A row is visible and writable iff its customer_id is the customer named in the transaction
-- setting app.customer_id (set by withCustomer), or the transaction runs with app.scope = 'all'
-- (asOperator, asSystem). Outside any scope neither setting is set and no tenant row is seen.
-- FORCE applies the policy to the table owner as well; only a superuser or a BYPASSRLS role
-- (migrations, the test harness's templates) passes around it.
--
-- The policy means
--   customer_id = nullif(current_setting('app.customer_id', true), '')::uuid
--     OR current_setting('app.scope', true) = 'all'
-- but is written as one `customer_id = any(…)` so that it stays an index condition: with the OR,
-- PostgreSQL can use no index for it, and a query without its own customer filter read the whole
-- table (EXPLAIN: Seq Scan with the policy as Filter). As `= any(array)` it is an Index Cond on the
-- customer_id indexes. In scope all the array holds every customer's id (an InitPlan over customers,
-- evaluated only in that scope); in a customer scope it holds the one id.
--
-- current_setting(..., true) returns NULL when the setting was never set and '' once a
-- transaction-local setting has ended on this connection: nullif turns both into NULL, and
-- `customer_id = any(array[NULL])` is never true.
--
-- audit_entries: customer_id is NULL for operator and system entries (sign-in, the operator's
-- work). Those rows are seen and written only in scope all (the extra `customer_id IS NULL AND
-- scope = 'all'` arm), as intended: a fund's admin reads its own audit trail, not the operator's.
--
-- news: customer_id NULL is global news, written by the operator (scope all, same extra arm).
-- Besides the tenant policy news has a second, read-only policy `global_news`: rows with NULL
-- customer are visible to every customer scope (not outside any scope). Writes stay under the
-- tenant policy, so a customer scope can neither write, change nor delete global news.
ALTER TABLE "audit_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_entries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "audit_entries" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END) OR (customer_id IS NULL AND current_setting('app.scope', true) = 'all'))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END) OR (customer_id IS NULL AND current_setting('app.scope', true) = 'all'));--> statement-breakpoint
ALTER TABLE "ics_processes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ics_processes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "ics_processes" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "ics_quality" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ics_quality" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "ics_quality" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "ics_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ics_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "ics_settings" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "control_matrix_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "control_matrix_rows" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "control_matrix_rows" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "risk_process_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "risk_process_links" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "risk_process_links" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "customer_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "customer_counters" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "customer_counters" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "responsible_bodies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "responsible_bodies" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "responsible_bodies" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "measures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "measures" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "measures" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "reminder_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reminder_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "reminder_log" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "documents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "documents" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "news" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "news" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "news" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END) OR (customer_id IS NULL AND current_setting('app.scope', true) = 'all'))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END) OR (customer_id IS NULL AND current_setting('app.scope', true) = 'all'));--> statement-breakpoint
ALTER TABLE "severity_levels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "severity_levels" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "severity_levels" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "probability_levels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "probability_levels" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "probability_levels" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "risks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "risks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "risks" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "block_locks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "block_locks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "block_locks" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "memberships" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memberships" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "memberships" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "deputies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "deputies" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "deputies" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invitations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "invitations" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
ALTER TABLE "work_processes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "work_processes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "work_processes" AS PERMISSIVE FOR ALL
  USING (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END))
  WITH CHECK (customer_id = any(CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END));--> statement-breakpoint
CREATE POLICY "global_news" ON "news" AS PERMISSIVE FOR SELECT
  USING (customer_id IS NULL AND nullif(current_setting('app.customer_id', true), '') IS NOT NULL);
