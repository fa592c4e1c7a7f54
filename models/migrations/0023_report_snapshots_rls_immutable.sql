-- Row-level security for the report's tables like every tenant table (migrations 0015, 0020), and
-- their immutability in the database (issue 11: "a snapshot never changes afterwards"): a snapshot
-- is never updated or deleted, an approval only appended. Two changes stay possible because the
-- operator may delete users and customers: the foreign key's ON DELETE SET NULL of the user who froze
-- (or recorded) it, and the deletion that the customer's deletion cascades to (the customer row is
-- gone by the time the cascade deletes the snapshot).
ALTER TABLE "report_snapshots" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "report_snapshots" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "report_snapshots" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "report_snapshots" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "report_approvals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "report_approvals" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "report_approvals" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "report_approvals" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE FUNCTION report_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_column text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- The cascade of the customer's deletion: the customer row no longer exists.
    IF NOT EXISTS (SELECT 1 FROM customers WHERE id = OLD.customer_id) THEN
      RETURN OLD;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    -- ON DELETE SET NULL of the user who froze or recorded it: that column alone becomes null.
    IF (to_jsonb(NEW) ->> user_column) IS NULL
      AND (to_jsonb(NEW) - user_column) = (to_jsonb(OLD) - user_column) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% is immutable: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "report_snapshots_immutable" BEFORE UPDATE OR DELETE ON "report_snapshots"
  FOR EACH ROW EXECUTE FUNCTION report_refuse_change('frozen_by_user_id');--> statement-breakpoint
CREATE TRIGGER "report_approvals_append_only" BEFORE UPDATE OR DELETE ON "report_approvals"
  FOR EACH ROW EXECUTE FUNCTION report_refuse_change('recorded_by_user_id');
