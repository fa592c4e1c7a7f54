-- Access and accountability (issue 12), the rules the schema alone cannot state:
-- - an auditor's membership always ends, and a deputyship never ends before it starts;
-- - the read log of sensitive personal data (DSV Art. 4) has the tenant policies of every customer
--   table (migrations 0015, 0020) and is append-only: no update ever; a deletion only of entries past
--   the retention of one year (the daily job's purge) or through the cascade of the customer's
--   deletion (the customer row is gone by then). The application's roles lose UPDATE and TRUNCATE
--   (ensureAppRole does the same for the app's role at every start).
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_auditor_ends" CHECK (kind <> 'auditor' OR ends_on IS NOT NULL);--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_auditor_ends" CHECK (kind <> 'auditor' OR ends_on IS NOT NULL);--> statement-breakpoint
ALTER TABLE "deputies" ADD CONSTRAINT "deputies_dates_in_order" CHECK (starts_on IS NULL OR ends_on IS NULL OR starts_on <= ends_on);--> statement-breakpoint
ALTER TABLE "read_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "read_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "read_log" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "read_log" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE FUNCTION read_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.read_at < now() - interval '365 days' THEN
      RETURN OLD;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM customers WHERE id = OLD.customer_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'read_log is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "read_log_append_only" BEFORE UPDATE OR DELETE ON "read_log"
  FOR EACH ROW EXECUTE FUNCTION read_log_refuse_change();--> statement-breakpoint
REVOKE UPDATE, TRUNCATE ON TABLE read_log FROM vorsorge_all_customers;
