CREATE TYPE "public"."kri_computed" AS ENUM('deficientControls', 'overdueMeasures', 'breaches');--> statement-breakpoint
CREATE TYPE "public"."kri_direction" AS ENUM('higher', 'lower');--> statement-breakpoint
CREATE TYPE "public"."kri_frequency" AS ENUM('monthly', 'quarterly');--> statement-breakpoint
CREATE TYPE "public"."kri_unit" AS ENUM('percent', 'chf', 'count');--> statement-breakpoint
CREATE TYPE "public"."kri_value_source" AS ENUM('manual', 'import', 'computed');--> statement-breakpoint
CREATE TYPE "public"."underfunding_duty" AS ENUM('informSupervisor', 'informEmployer', 'informInsured', 'informPensioners', 'decideMeasures', 'reportEffect');--> statement-breakpoint
CREATE TABLE "kri_catalog" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name_de" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"description_fr" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"legal_basis" text DEFAULT '' NOT NULL,
	"unit" "kri_unit" NOT NULL,
	"direction" "kri_direction" NOT NULL,
	"computed" "kri_computed",
	"default_amber" numeric(14, 4),
	"default_red" numeric(14, 4),
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kri_catalog_key_form" CHECK ("kri_catalog"."key" ~ '^[a-zA-Z][a-zA-Z0-9]{1,39}$')
);
--> statement-breakpoint
CREATE TABLE "kri_risks" (
	"customer_id" uuid NOT NULL,
	"kri_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	CONSTRAINT "kri_risks_kri_id_risk_id_pk" PRIMARY KEY("kri_id","risk_id")
);
--> statement-breakpoint
CREATE TABLE "kri_thresholds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kri_id" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"amber" numeric(14, 4) NOT NULL,
	"red" numeric(14, 4) NOT NULL,
	"set_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kri_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kri_id" uuid NOT NULL,
	"period_end" date NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"source" "kri_value_source" DEFAULT 'manual' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"entered_by_user_id" uuid,
	"alerted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kris" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"frequency" "kri_frequency" DEFAULT 'quarterly' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kris_id_customer" UNIQUE("id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "risk_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	"accepted_on" date NOT NULL,
	"accepted_by" text NOT NULL,
	"decision_reference" text DEFAULT '' NOT NULL,
	"justification" text NOT NULL,
	"valid_until" date NOT NULL,
	"net_score" integer NOT NULL,
	"recorded_by_user_id" uuid,
	"revoked_on" date,
	"reminded_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_acceptances_term" CHECK ("risk_acceptances"."accepted_on" < "risk_acceptances"."valid_until"),
	CONSTRAINT "risk_acceptances_texts" CHECK ("risk_acceptances"."accepted_by" <> '' and "risk_acceptances"."justification" <> '')
);
--> statement-breakpoint
CREATE TABLE "risk_appetite_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"approved_on" date NOT NULL,
	"decision_reference" text NOT NULL,
	"approved_by" text NOT NULL,
	"score_limit" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"recorded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_appetite_approvals_score" CHECK ("risk_appetite_approvals"."score_limit" between 1 and 25),
	CONSTRAINT "risk_appetite_approvals_texts" CHECK ("risk_appetite_approvals"."decision_reference" <> '' and "risk_appetite_approvals"."approved_by" <> '')
);
--> statement-breakpoint
CREATE TABLE "underfunding_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"period_end" date NOT NULL,
	"coverage_ratio" numeric(14, 4) NOT NULL,
	"closed_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "underfunding_cases_id_customer" UNIQUE("id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "underfunding_duties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"duty" "underfunding_duty" NOT NULL,
	"due_on" date NOT NULL,
	"done_on" date,
	"evidence" text DEFAULT '' NOT NULL,
	"document_id" uuid,
	"done_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "underfunding_duties_done" CHECK ("underfunding_duties"."done_on" is null or "underfunding_duties"."evidence" <> '')
);
--> statement-breakpoint
ALTER TABLE "measures" ADD COLUMN "kri_id" uuid;--> statement-breakpoint
ALTER TABLE "risks" ADD COLUMN "gross_probability_level_id" uuid;--> statement-breakpoint
ALTER TABLE "risks" ADD COLUMN "gross_severity_level_id" uuid;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_id_customer" UNIQUE("id","customer_id");
ALTER TABLE "kri_risks" ADD CONSTRAINT "kri_risks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kri_risks" ADD CONSTRAINT "kri_risks_kri_id_customer_id_kris_id_customer_id_fk" FOREIGN KEY ("kri_id","customer_id") REFERENCES "public"."kris"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kri_risks" ADD CONSTRAINT "kri_risks_risk_id_customer_id_risks_id_customer_id_fk" FOREIGN KEY ("risk_id","customer_id") REFERENCES "public"."risks"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kri_thresholds" ADD CONSTRAINT "kri_thresholds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kri_thresholds" ADD CONSTRAINT "kri_thresholds_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kri_thresholds" ADD CONSTRAINT "kri_thresholds_kri_id_customer_id_kris_id_customer_id_fk" FOREIGN KEY ("kri_id","customer_id") REFERENCES "public"."kris"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kri_values" ADD CONSTRAINT "kri_values_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kri_values" ADD CONSTRAINT "kri_values_entered_by_user_id_users_id_fk" FOREIGN KEY ("entered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kri_values" ADD CONSTRAINT "kri_values_kri_id_customer_id_kris_id_customer_id_fk" FOREIGN KEY ("kri_id","customer_id") REFERENCES "public"."kris"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kris" ADD CONSTRAINT "kris_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kris" ADD CONSTRAINT "kris_catalog_id_kri_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."kri_catalog"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kris" ADD CONSTRAINT "kris_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_risk_id_customer_id_risks_id_customer_id_fk" FOREIGN KEY ("risk_id","customer_id") REFERENCES "public"."risks"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_appetite_approvals" ADD CONSTRAINT "risk_appetite_approvals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_appetite_approvals" ADD CONSTRAINT "risk_appetite_approvals_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underfunding_cases" ADD CONSTRAINT "underfunding_cases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underfunding_duties" ADD CONSTRAINT "underfunding_duties_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underfunding_duties" ADD CONSTRAINT "underfunding_duties_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underfunding_duties" ADD CONSTRAINT "underfunding_duties_done_by_user_id_users_id_fk" FOREIGN KEY ("done_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underfunding_duties" ADD CONSTRAINT "underfunding_duties_case_id_customer_id_underfunding_cases_id_customer_id_fk" FOREIGN KEY ("case_id","customer_id") REFERENCES "public"."underfunding_cases"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kri_catalog_key" ON "kri_catalog" USING btree ("key");--> statement-breakpoint
CREATE INDEX "kri_risks_customer" ON "kri_risks" USING btree ("customer_id","kri_id");--> statement-breakpoint
CREATE INDEX "kri_risks_risk" ON "kri_risks" USING btree ("risk_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kri_thresholds_kri_from" ON "kri_thresholds" USING btree ("kri_id","valid_from");--> statement-breakpoint
CREATE INDEX "kri_thresholds_customer" ON "kri_thresholds" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kri_values_kri_period" ON "kri_values" USING btree ("kri_id","period_end");--> statement-breakpoint
CREATE INDEX "kri_values_customer_period" ON "kri_values" USING btree ("customer_id","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "kris_customer_catalog" ON "kris" USING btree ("customer_id","catalog_id");--> statement-breakpoint
CREATE INDEX "risk_acceptances_risk" ON "risk_acceptances" USING btree ("risk_id","valid_until");--> statement-breakpoint
CREATE INDEX "risk_acceptances_customer_until" ON "risk_acceptances" USING btree ("customer_id","valid_until");--> statement-breakpoint
CREATE INDEX "risk_appetite_approvals_customer" ON "risk_appetite_approvals" USING btree ("customer_id","approved_on");--> statement-breakpoint
CREATE UNIQUE INDEX "underfunding_cases_customer_period" ON "underfunding_cases" USING btree ("customer_id","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "underfunding_cases_open" ON "underfunding_cases" USING btree ("customer_id") WHERE "underfunding_cases"."closed_on" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "underfunding_duties_case_duty" ON "underfunding_duties" USING btree ("case_id","duty");--> statement-breakpoint
CREATE INDEX "underfunding_duties_customer_due" ON "underfunding_duties" USING btree ("customer_id","due_on");--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_gross_probability_level_id_probability_levels_id_fk" FOREIGN KEY ("gross_probability_level_id") REFERENCES "public"."probability_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_gross_severity_level_id_severity_levels_id_fk" FOREIGN KEY ("gross_severity_level_id") REFERENCES "public"."severity_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The KRI area's tables are tenant tables like every other (migrations 0015, 0020, 0036, 0037, 0040); the catalogue is shared.
ALTER TABLE "kris" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "kris" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "kris" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "kris" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "kri_thresholds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "kri_thresholds" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "kri_thresholds" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "kri_thresholds" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "risk_appetite_approvals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "risk_appetite_approvals" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "risk_appetite_approvals" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "risk_appetite_approvals" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "kri_values" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "kri_values" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "kri_values" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "kri_values" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "kri_risks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "kri_risks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "kri_risks" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "kri_risks" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "underfunding_cases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "underfunding_cases" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "underfunding_cases" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "underfunding_cases" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "underfunding_duties" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "underfunding_duties" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "underfunding_duties" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "underfunding_duties" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "risk_acceptances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "risk_acceptances" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "risk_acceptances" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "risk_acceptances" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
-- The council's approval of the appetite is a record of a decision: never changed afterwards.
CREATE FUNCTION risk_appetite_approval_kept() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  RAISE EXCEPTION 'an approval of the risk appetite is kept as recorded' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER risk_appetite_approval_kept BEFORE UPDATE ON "risk_appetite_approvals" FOR EACH ROW EXECUTE FUNCTION risk_appetite_approval_kept();--> statement-breakpoint
-- A value's thresholds are history: a row in force is never changed, a new row is added instead.
CREATE FUNCTION kri_threshold_kept() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  RAISE EXCEPTION 'a KRI threshold is kept as set; set a new one from a later day' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER kri_threshold_kept BEFORE UPDATE ON "kri_thresholds" FOR EACH ROW EXECUTE FUNCTION kri_threshold_kept();
