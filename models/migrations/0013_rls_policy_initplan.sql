-- The tenant policies of 0012, each setting read once per query instead of once per row
-- (docs/decisions/0017-one-shape.md, "cost"). As written in 0012 the CASE over current_setting()
-- was evaluated for every row a query looked at: counting 3,750 measures took 3.2 ms instead of
-- 1.1 ms. Wrapped in a scalar sub-select it becomes an InitPlan, computed once, and the row test
-- is a plain `customer_id = any($array)`, still an index condition. Same meaning, same arms.
ALTER POLICY "tenant" ON "audit_entries"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]) OR (customer_id IS NULL AND (SELECT current_setting('app.scope', true)) = 'all'))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]) OR (customer_id IS NULL AND (SELECT current_setting('app.scope', true)) = 'all'));
--> statement-breakpoint
ALTER POLICY "tenant" ON "ics_processes"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "ics_quality"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "ics_settings"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "control_matrix_rows"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "risk_process_links"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "customer_counters"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "responsible_bodies"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "measures"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "reminder_log"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "documents"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "news"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]) OR (customer_id IS NULL AND (SELECT current_setting('app.scope', true)) = 'all'))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]) OR (customer_id IS NULL AND (SELECT current_setting('app.scope', true)) = 'all'));
--> statement-breakpoint
ALTER POLICY "tenant" ON "severity_levels"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "probability_levels"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "risks"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "block_locks"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "memberships"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "deputies"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "invitations"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "tenant" ON "work_processes"
  USING (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]))
  WITH CHECK (customer_id = any((SELECT CASE WHEN current_setting('app.scope', true) = 'all' THEN (SELECT array_agg(id) FROM customers) ELSE array[nullif(current_setting('app.customer_id', true), '')::uuid] END)::uuid[]));
--> statement-breakpoint
ALTER POLICY "global_news" ON "news"
  USING (customer_id IS NULL AND (SELECT nullif(current_setting('app.customer_id', true), '')) IS NOT NULL);
