-- A campaign's council review and its closing are kept (issue 26, decision 0066): once recorded, the
-- review's date, reference and names are never taken away (a later review of late declarations records
-- its own), and a closed campaign is never opened again, which would make its revoked links' campaign
-- open. The customer's own deletion cascades as ever.
CREATE FUNCTION public.loyalty_campaign_refuse_change() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.reviewed_on IS NULL OR NOT EXISTS (SELECT 1 FROM public.customers WHERE id = OLD.customer_id) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'a reviewed loyalty campaign is kept: DELETE refused' USING ERRCODE = 'restrict_violation';
  END IF;
  IF (OLD.closed_at IS NOT NULL AND NEW.closed_at IS DISTINCT FROM OLD.closed_at)
    OR (OLD.reviewed_on IS NOT NULL AND (NEW.reviewed_on IS NULL OR NEW.reviewed_on < OLD.reviewed_on
      OR NEW.review_reference = '' OR NEW.review_names = '')) THEN
    RAISE EXCEPTION 'a closed or reviewed loyalty campaign keeps its closing and its review: UPDATE refused' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "loyalty_campaigns_kept" BEFORE UPDATE OR DELETE ON "loyalty_campaigns"
  FOR EACH ROW EXECUTE FUNCTION public.loyalty_campaign_refuse_change();--> statement-breakpoint
-- A declaration is reviewed only once declared: never straight from requested.
CREATE OR REPLACE FUNCTION public.loyalty_declaration_refuse_change() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  allowed text[];
BEGIN
  IF OLD.state = 'requested' THEN
    IF TG_OP = 'UPDATE' AND NEW.state = 'reviewed' THEN
      RAISE EXCEPTION 'a loyalty declaration is reviewed only once declared' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM public.customers WHERE id = OLD.customer_id) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'a signed loyalty declaration is frozen: DELETE refused' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.state = 'declared' AND NEW.state IN ('declared', 'reviewed') THEN
    allowed := ARRAY['state', 'review_remark', 'review_finding', 'reviewed_at', 'version', 'updated_at'];
  ELSIF OLD.state = 'reviewed' AND NEW.state = 'reviewed' AND OLD.finding_resolved_on IS NULL THEN
    allowed := ARRAY['finding_resolved_on', 'version', 'updated_at'];
  ELSE
    allowed := ARRAY[]::text[];
  END IF;
  IF (NEW.recorded_by_user_id IS NULL OR NEW.recorded_by_user_id = OLD.recorded_by_user_id)
    AND (to_jsonb(NEW) - allowed - 'recorded_by_user_id') = (to_jsonb(OLD) - allowed - 'recorded_by_user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a signed loyalty declaration is frozen: UPDATE refused' USING ERRCODE = 'restrict_violation';
END;
$$;
