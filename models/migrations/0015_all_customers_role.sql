-- Work across customers becomes a role instead of a setting (docs/decisions/0017-one-shape.md).
--
-- Until now one policy per table held both arms: the acting customer's rows, or every row when the
-- transaction's app.scope was 'all'. To hold both it compared customer_id with an array, and with
-- an array PostgreSQL cannot read an index in order: every list sorted all of a customer's rows to
-- show fifty. Now:
-- - the policy `tenant` compares customer_id with one value, the setting app.customer_id: an index
--   that leads with customer_id gives the rows in its order, and a list reads fifty rows;
-- - the system's and the operator's work run as the role vorsorge_all_customers (SET LOCAL ROLE in
--   asSystem/asOperator), for which a second policy `all_customers` lets every row through. The
--   role cannot log in; the app's role is a member of it without inheriting (PostgreSQL 16 or
--   later), so its policy applies only while a transaction has taken the role on (ensureAppRole,
--   or the grant below when the app connects as the tables' owner). Its rights are the app role's:
--   no update or delete of audit entries.
--
-- enum_eq is made leakproof where the migration runs as a superuser (the bundled PostgreSQL): with
-- row-level security PostgreSQL only uses a condition in an index scan when its operator cannot
-- leak, and comparing two enum values cannot. Elsewhere a condition on an enum column (state,
-- source) stays a filter, correct and slower.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'vorsorge_all_customers') THEN
    CREATE ROLE vorsorge_all_customers NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
  IF NOT pg_has_role(current_user, 'vorsorge_all_customers', 'MEMBER') THEN
    EXECUTE format('GRANT vorsorge_all_customers TO %I WITH INHERIT FALSE, SET TRUE', current_user);
  END IF;
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION enum_eq(anyenum, anyenum) LEAKPROOF;
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO vorsorge_all_customers;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO vorsorge_all_customers;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO vorsorge_all_customers;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO vorsorge_all_customers;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO vorsorge_all_customers;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON TABLE audit_entries FROM vorsorge_all_customers;
--> statement-breakpoint
ALTER POLICY "tenant" ON "audit_entries"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "audit_entries" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "ics_processes"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "ics_processes" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "ics_quality"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "ics_quality" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "ics_settings"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "ics_settings" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "control_matrix_rows"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "control_matrix_rows" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "risk_process_links"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "risk_process_links" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "customer_counters"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "customer_counters" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "responsible_bodies"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "responsible_bodies" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "measures"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "measures" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "reminder_log"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "reminder_log" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "documents"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "documents" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "news"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "news" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "severity_levels"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "severity_levels" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "probability_levels"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "probability_levels" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "risks"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "risks" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "block_locks"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "block_locks" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "memberships"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "memberships" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "deputies"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "deputies" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "invitations"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "invitations" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "tenant" ON "work_processes"
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "all_customers" ON "work_processes" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
