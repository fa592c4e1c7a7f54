CREATE TYPE "public"."declaration_channel" AS ENUM('app', 'link', 'paper');--> statement-breakpoint
CREATE TYPE "public"."declaration_state" AS ENUM('requested', 'declared', 'reviewed');--> statement-breakpoint
CREATE TYPE "public"."loyalty_function" AS ENUM('council', 'management', 'assetManagement', 'externalAssetManager', 'adviser', 'administration', 'pensionExpert');--> statement-breakpoint
CREATE TYPE "public"."person_change_kind" AS ENUM('joined', 'left', 'functionChanged', 'other');--> statement-breakpoint
ALTER TYPE "public"."file_owner" ADD VALUE 'declaration';--> statement-breakpoint
ALTER TYPE "public"."file_owner" ADD VALUE 'transaction';--> statement-breakpoint
CREATE TABLE "declaration_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"declaration_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"due_date" date NOT NULL,
	"opened_by_user_id" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"reviewed_on" date,
	"review_reference" text DEFAULT '' NOT NULL,
	"review_names" text DEFAULT '' NOT NULL,
	"review_recorded_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_campaigns_id_customer" UNIQUE("id","customer_id"),
	CONSTRAINT "loyalty_campaigns_year" CHECK ("loyalty_campaigns"."year" between 2000 and 2100),
	CONSTRAINT "loyalty_campaigns_reviewed" CHECK ("loyalty_campaigns"."reviewed_on" is null or ("loyalty_campaigns"."review_reference" <> '' and "loyalty_campaigns"."review_names" <> ''))
);
--> statement-breakpoint
CREATE TABLE "loyalty_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"campaign_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"state" "declaration_state" DEFAULT 'requested' NOT NULL,
	"person_name" text NOT NULL,
	"person_function" "loyalty_function" NOT NULL,
	"interests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"no_interests" boolean DEFAULT false NOT NULL,
	"advantages_confirmed" boolean DEFAULT false NOT NULL,
	"advantages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"own_account_confirmed" boolean DEFAULT false NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"signed_name" text DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone,
	"channel" "declaration_channel",
	"recorded_by_user_id" uuid,
	"review_remark" text DEFAULT '' NOT NULL,
	"review_finding" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone,
	"finding_resolved_on" date,
	"reminded_at" timestamp with time zone,
	"reminders" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_declarations_id_customer" UNIQUE("id","customer_id"),
	CONSTRAINT "loyalty_declarations_signed" CHECK ("loyalty_declarations"."state" = 'requested' or ("loyalty_declarations"."signed_at" is not null and "loyalty_declarations"."signed_name" <> '' and "loyalty_declarations"."channel" is not null and "loyalty_declarations"."advantages_confirmed" and "loyalty_declarations"."own_account_confirmed")),
	CONSTRAINT "loyalty_declarations_reviewed" CHECK ("loyalty_declarations"."state" <> 'reviewed' or "loyalty_declarations"."reviewed_at" is not null),
	CONSTRAINT "loyalty_declarations_finding" CHECK ("loyalty_declarations"."finding_resolved_on" is null or "loyalty_declarations"."review_finding")
);
--> statement-breakpoint
CREATE TABLE "loyalty_persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"function" "loyalty_function" NOT NULL,
	"organisation" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"language" "language" DEFAULT 'de' NOT NULL,
	"user_id" uuid,
	"from_date" date NOT NULL,
	"until_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_persons_id_customer" UNIQUE("id","customer_id"),
	CONSTRAINT "loyalty_persons_term" CHECK ("loyalty_persons"."until_date" is null or "loyalty_persons"."from_date" <= "loyalty_persons"."until_date"),
	CONSTRAINT "loyalty_persons_email" CHECK ("loyalty_persons"."email" ~ '^[^@\s]+@[^@\s]+$')
);
--> statement-breakpoint
CREATE TABLE "person_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"person_id" uuid,
	"kind" "person_change_kind" NOT NULL,
	"description" text NOT NULL,
	"effective_on" date NOT NULL,
	"reported_on" date,
	"reminded_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_changes_id_customer" UNIQUE("id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "related_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"counterparty" text NOT NULL,
	"person_id" uuid,
	"relation" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"amount" numeric(14, 2),
	"transaction_date" date NOT NULL,
	"significant" boolean DEFAULT false NOT NULL,
	"offers_comparison" text DEFAULT '' NOT NULL,
	"approver" text DEFAULT '' NOT NULL,
	"approved_on" date,
	"disclosed_to_auditor_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "related_transactions_id_customer" UNIQUE("id","customer_id"),
	CONSTRAINT "related_transactions_amount" CHECK ("related_transactions"."amount" is null or "related_transactions"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_one_owner";--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "declaration_id" uuid;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "declaration_tokens" ADD CONSTRAINT "declaration_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_tokens" ADD CONSTRAINT "declaration_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_tokens" ADD CONSTRAINT "declaration_tokens_declaration_id_customer_id_loyalty_declarations_id_customer_id_fk" FOREIGN KEY ("declaration_id","customer_id") REFERENCES "public"."loyalty_declarations"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaigns" ADD CONSTRAINT "loyalty_campaigns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaigns" ADD CONSTRAINT "loyalty_campaigns_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaigns" ADD CONSTRAINT "loyalty_campaigns_review_recorded_by_user_id_users_id_fk" FOREIGN KEY ("review_recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_declarations" ADD CONSTRAINT "loyalty_declarations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_declarations" ADD CONSTRAINT "loyalty_declarations_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_declarations" ADD CONSTRAINT "loyalty_declarations_campaign_id_customer_id_loyalty_campaigns_id_customer_id_fk" FOREIGN KEY ("campaign_id","customer_id") REFERENCES "public"."loyalty_campaigns"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_declarations" ADD CONSTRAINT "loyalty_declarations_person_id_customer_id_loyalty_persons_id_customer_id_fk" FOREIGN KEY ("person_id","customer_id") REFERENCES "public"."loyalty_persons"("id","customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_persons" ADD CONSTRAINT "loyalty_persons_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_persons" ADD CONSTRAINT "loyalty_persons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_changes" ADD CONSTRAINT "person_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_changes" ADD CONSTRAINT "person_changes_person_id_customer_id_loyalty_persons_id_customer_id_fk" FOREIGN KEY ("person_id","customer_id") REFERENCES "public"."loyalty_persons"("id","customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_transactions" ADD CONSTRAINT "related_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_transactions" ADD CONSTRAINT "related_transactions_person_id_customer_id_loyalty_persons_id_customer_id_fk" FOREIGN KEY ("person_id","customer_id") REFERENCES "public"."loyalty_persons"("id","customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "declaration_tokens_hash" ON "declaration_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "declaration_tokens_customer" ON "declaration_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "declaration_tokens_declaration" ON "declaration_tokens" USING btree ("declaration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_campaigns_customer_year" ON "loyalty_campaigns" USING btree ("customer_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_declarations_customer_number" ON "loyalty_declarations" USING btree ("customer_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_declarations_campaign_person" ON "loyalty_declarations" USING btree ("campaign_id","person_id");--> statement-breakpoint
CREATE INDEX "loyalty_declarations_customer_state" ON "loyalty_declarations" USING btree ("customer_id","state");--> statement-breakpoint
CREATE INDEX "loyalty_declarations_person" ON "loyalty_declarations" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "loyalty_persons_customer" ON "loyalty_persons" USING btree ("customer_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "loyalty_persons_user" ON "loyalty_persons" USING btree ("user_id") WHERE "loyalty_persons"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "person_changes_customer_number" ON "person_changes" USING btree ("customer_id","number");--> statement-breakpoint
CREATE INDEX "person_changes_customer_effective" ON "person_changes" USING btree ("customer_id","effective_on");--> statement-breakpoint
CREATE UNIQUE INDEX "related_transactions_customer_number" ON "related_transactions" USING btree ("customer_id","number");--> statement-breakpoint
CREATE INDEX "related_transactions_customer_date" ON "related_transactions" USING btree ("customer_id","transaction_date");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_declaration_id_customer_id_loyalty_declarations_id_customer_id_fk" FOREIGN KEY ("declaration_id","customer_id") REFERENCES "public"."loyalty_declarations"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_transaction_id_customer_id_related_transactions_id_customer_id_fk" FOREIGN KEY ("transaction_id","customer_id") REFERENCES "public"."related_transactions"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_declaration" ON "stored_files" USING btree ("declaration_id") WHERE "stored_files"."declaration_id" is not null;--> statement-breakpoint
CREATE INDEX "stored_files_transaction" ON "stored_files" USING btree ("transaction_id") WHERE "stored_files"."transaction_id" is not null;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_one_owner" CHECK (num_nonnulls("stored_files"."execution_id", "stored_files"."document_id", "stored_files"."measure_id", "stored_files"."declaration_id", "stored_files"."transaction_id") = 1
        and case "stored_files"."owner"::text when 'execution' then "stored_files"."execution_id" when 'document' then "stored_files"."document_id" when 'measure' then "stored_files"."measure_id"
          when 'declaration' then "stored_files"."declaration_id" when 'transaction' then "stored_files"."transaction_id" end is not null);--> statement-breakpoint
-- The loyalty area's tables are tenant tables like every other (migrations 0015, 0020, 0036, 0037).
ALTER TABLE "loyalty_persons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "loyalty_persons" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "loyalty_persons" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "loyalty_persons" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "loyalty_campaigns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "loyalty_campaigns" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "loyalty_campaigns" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "loyalty_campaigns" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "loyalty_declarations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "loyalty_declarations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "loyalty_declarations" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "loyalty_declarations" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "declaration_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "declaration_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "declaration_tokens" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "declaration_tokens" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "related_transactions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "related_transactions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "related_transactions" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "related_transactions" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "person_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "person_changes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "person_changes" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "person_changes" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
-- A declared or reviewed declaration is frozen (issue 26, decision 0066), like an approved execution
-- (migration 0037). What stays possible: declared → reviewed with the review's columns alone (never
-- straight from requested); on a reviewed one, the finding's resolution once; ON DELETE SET NULL of a
-- deleted user; the cascade of the customer's own deletion.
CREATE FUNCTION public.loyalty_declaration_refuse_change() RETURNS trigger LANGUAGE plpgsql
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
$$;--> statement-breakpoint
CREATE TRIGGER "loyalty_declarations_frozen" BEFORE UPDATE OR DELETE ON "loyalty_declarations"
  FOR EACH ROW EXECUTE FUNCTION public.loyalty_declaration_refuse_change();--> statement-breakpoint
-- The files of a signed declaration (a paper declaration's scan) are frozen with it; the evidence of an
-- approved execution stays as migration 0037 made it.
CREATE OR REPLACE FUNCTION public.stored_file_refuse_change() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  row_customer uuid;
  execution uuid;
  declaration uuid;
BEGIN
  row_customer := CASE WHEN TG_OP = 'INSERT' THEN NEW.customer_id ELSE OLD.customer_id END;
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM public.customers WHERE id = row_customer) THEN
    RETURN OLD;
  END IF;
  IF TG_TABLE_NAME = 'stored_files' THEN
    IF TG_OP = 'UPDATE' AND NEW.uploaded_by_user_id IS NULL
      AND (to_jsonb(NEW) - 'uploaded_by_user_id') = (to_jsonb(OLD) - 'uploaded_by_user_id') THEN
      RETURN NEW;
    END IF;
    execution := (CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END ->> 'execution_id')::uuid;
    declaration := (CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END ->> 'declaration_id')::uuid;
  ELSE
    SELECT f.execution_id, f.declaration_id INTO execution, declaration FROM public.stored_files f
      WHERE f.id = (CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END ->> 'file_id')::uuid;
  END IF;
  IF execution IS NOT NULL AND EXISTS (SELECT 1 FROM public.control_executions e WHERE e.id = execution AND e.state = 'approved') THEN
    RAISE EXCEPTION 'the evidence of an approved control execution is immutable: % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  IF declaration IS NOT NULL AND EXISTS (SELECT 1 FROM public.loyalty_declarations d WHERE d.id = declaration AND d.state <> 'requested') THEN
    RAISE EXCEPTION 'the files of a signed loyalty declaration are frozen: % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;--> statement-breakpoint
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
