-- The application's own database role against the records that must not change (issue 23,
-- docs/decisions/0049-database-role-hardening.md):
-- - whoever froze a snapshot, recorded an approval or wrote (or was represented in) an audit entry
--   stays named: the foreign keys to users no longer SET NULL, they RESTRICT. Accounts are retired
--   (state), never deleted; the table owner can delete only an account that authored nothing;
-- - the trigger functions of migrations 0023 and 0028 read `public.customers` under a fixed
--   search_path, so a temporary table named `customers` cannot make their exception true; a
--   snapshot or an approval no longer lets any UPDATE through (no user deletion clears its author);
-- - a customer's id never changes (the triggers' exception for the customer's deletion relies on it);
-- - the roles the app uses (vorsorge_all_customers and every role that may take it on, besides the
--   migrating one) lose DELETE where the app never deletes (customers and users are retired; the
--   catalogues, settings, inventories of risks and processes are edited or deactivated), UPDATE of
--   snapshots and approvals, and TEMPORARY on the database; PUBLIC loses TEMPORARY too when the
--   migrating role may revoke it (the database's owner or a superuser). ensureAppRole (bundled) and
--   the start with MIGRATION_DATABASE_URL give the app's login role no right vorsorge_all_customers
--   lacks (models/core/embedded-postgres.server.ts).
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_acting_for_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "report_approvals" DROP CONSTRAINT "report_approvals_recorded_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "report_snapshots" DROP CONSTRAINT "report_snapshots_frozen_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_acting_for_user_id_users_id_fk" FOREIGN KEY ("acting_for_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_approvals" ADD CONSTRAINT "report_approvals_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_snapshots" ADD CONSTRAINT "report_snapshots_frozen_by_user_id_users_id_fk" FOREIGN KEY ("frozen_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.report_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  -- The cascade of the customer's deletion (by the tables' owner): the customer row no longer exists.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM public.customers WHERE id = OLD.customer_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is immutable: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER "report_snapshots_immutable" ON "public"."report_snapshots";
--> statement-breakpoint
CREATE TRIGGER "report_snapshots_immutable" BEFORE UPDATE OR DELETE ON "public"."report_snapshots"
  FOR EACH ROW EXECUTE FUNCTION public.report_refuse_change();
--> statement-breakpoint
DROP TRIGGER "report_approvals_append_only" ON "public"."report_approvals";
--> statement-breakpoint
CREATE TRIGGER "report_approvals_append_only" BEFORE UPDATE OR DELETE ON "public"."report_approvals"
  FOR EACH ROW EXECUTE FUNCTION public.report_refuse_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.read_log_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Past the retention of one year (the daily job's purge).
    IF OLD.read_at < pg_catalog.now() - interval '365 days' THEN
      RETURN OLD;
    END IF;
    -- The cascade of the customer's deletion (by the tables' owner): the customer row no longer exists.
    IF NOT EXISTS (SELECT 1 FROM public.customers WHERE id = OLD.customer_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'read_log is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE FUNCTION public.customer_id_fixed() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  RAISE EXCEPTION 'a customer''s id never changes' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_id_fixed" BEFORE UPDATE OF "id" ON "public"."customers"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION public.customer_id_fixed();
--> statement-breakpoint
DO $$
DECLARE
  may_revoke_temp boolean := (SELECT r.rolsuper OR pg_has_role(current_user, d.datdba, 'USAGE')
    FROM pg_database d, pg_roles r WHERE d.datname = current_database() AND r.rolname = current_user);
  grantee name;
BEGIN
  FOR grantee IN
    SELECT 'vorsorge_all_customers'::name
    UNION
    SELECT r.rolname FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member
    WHERE m.roleid = 'vorsorge_all_customers'::regrole AND r.rolname <> current_user AND NOT r.rolsuper
  LOOP
    EXECUTE format('REVOKE DELETE, TRUNCATE ON TABLE public.customers, public.users, public.audit_entries, public.report_snapshots,'
      ' public.report_approvals, public.password_reset_tokens, public.mail_templates, public.customer_counters,'
      ' public.risk_catalog, public.risk_themes, public.risks, public.severity_levels, public.probability_levels,'
      ' public.ics_catalog, public.ics_main_themes, public.ics_sub_themes, public.ics_processes, public.ics_settings,'
      ' public.quality_level_texts, public.dsg_settings, public.dsg_templates FROM %I', grantee);
    EXECUTE format('REVOKE UPDATE ON TABLE public.report_snapshots, public.report_approvals, public.audit_entries, public.read_log FROM %I', grantee);
    IF may_revoke_temp THEN
      EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM %I', current_database(), grantee);
    END IF;
  END LOOP;
  IF may_revoke_temp THEN
    EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
  ELSE
    RAISE WARNING 'vorsorge: % may not revoke TEMPORARY on database % from PUBLIC; its owner should (docs/decisions/0049)', current_user, current_database();
  END IF;
END $$;
