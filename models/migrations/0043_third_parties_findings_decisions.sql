CREATE TYPE "public"."decision_subject" AS ENUM('riskPolicy', 'riskAppetite', 'icsMinimum', 'annualReport', 'loyaltyReview', 'riskAcceptance', 'findingAcceptance', 'provider', 'other');--> statement-breakpoint
CREATE TYPE "public"."abroad_safeguard" AS ENUM('adequacy', 'standardClauses', 'bindingRules', 'other');--> statement-breakpoint
CREATE TYPE "public"."finding_severity" AS ENUM('high', 'medium', 'low');--> statement-breakpoint
CREATE TYPE "public"."finding_source" AS ENUM('auditor', 'expert', 'supervisor', 'internal');--> statement-breakpoint
CREATE TYPE "public"."finding_state" AS ENUM('open', 'inProgress', 'done', 'accepted');--> statement-breakpoint
CREATE TYPE "public"."provider_criticality" AS ENUM('high', 'medium', 'low');--> statement-breakpoint
CREATE TYPE "public"."provider_dsg_role" AS ENUM('processor', 'controller', 'none');--> statement-breakpoint
CREATE TYPE "public"."provider_service" AS ENUM('administration', 'assetManagement', 'custody', 'actuarialExpert', 'itCloud', 'memberPortal', 'printMail', 'other');--> statement-breakpoint
CREATE TABLE "council_decision_documents" (
	"customer_id" uuid NOT NULL,
	"decision_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "council_decision_documents_decision_id_document_id_pk" PRIMARY KEY("decision_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "council_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"subject" "decision_subject" NOT NULL,
	"decided_on" date NOT NULL,
	"reference" text NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"decided_by" text DEFAULT '' NOT NULL,
	"recorded_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "council_decisions_id_customer" UNIQUE("id","customer_id"),
	CONSTRAINT "council_decisions_reference" CHECK ("council_decisions"."reference" <> '' and "council_decisions"."title" <> '')
);
--> statement-breakpoint
CREATE TABLE "finding_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"finding_id" uuid NOT NULL,
	"risk_id" uuid,
	"process_id" uuid,
	"measure_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_links_one" CHECK (num_nonnulls("finding_links"."risk_id", "finding_links"."process_id", "finding_links"."measure_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"source" "finding_source" NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"issued_on" date NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"severity" "finding_severity" NOT NULL,
	"deadline" date,
	"owner_user_id" uuid,
	"state" "finding_state" DEFAULT 'open' NOT NULL,
	"response" text DEFAULT '' NOT NULL,
	"done_on" date,
	"acceptance_decision_id" uuid,
	"escalated_at" timestamp with time zone,
	"escalated_for" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "findings_id_customer" UNIQUE("id","customer_id"),
	CONSTRAINT "findings_title" CHECK ("findings"."title" <> ''),
	CONSTRAINT "findings_deadline" CHECK ("findings"."deadline" is null or "findings"."deadline" >= "findings"."issued_on"),
	CONSTRAINT "findings_done" CHECK ("findings"."state" <> 'done' or "findings"."done_on" is not null),
	CONSTRAINT "findings_accepted" CHECK ("findings"."state" <> 'accepted' or "findings"."acceptance_decision_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "provider_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"provider_id" uuid NOT NULL,
	"occurred_on" date NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"personal_data" boolean DEFAULT false NOT NULL,
	"breach_id" uuid,
	"closed_on" date,
	"recorded_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_incidents_title" CHECK ("provider_incidents"."title" <> ''),
	CONSTRAINT "provider_incidents_breach" CHECK ("provider_incidents"."breach_id" is null or "provider_incidents"."personal_data")
);
--> statement-breakpoint
CREATE TABLE "provider_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"risk_id" uuid,
	"process_id" uuid,
	"activity_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_links_one" CHECK (num_nonnulls("provider_links"."risk_id", "provider_links"."process_id", "provider_links"."activity_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"service" "provider_service" NOT NULL,
	"criticality" "provider_criticality" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_user_id" uuid,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"contract_start" date,
	"contract_end" date,
	"notice_months" integer,
	"dpa_signed_on" date,
	"dpa_end" date,
	"dsg_role" "provider_dsg_role" DEFAULT 'processor' NOT NULL,
	"data_countries" text[] DEFAULT '{CH}'::text[] NOT NULL,
	"abroad_safeguard" "abroad_safeguard",
	"abroad_safeguard_note" text DEFAULT '' NOT NULL,
	"exit_plan" text DEFAULT '' NOT NULL,
	"assurance_required" boolean DEFAULT false NOT NULL,
	"assurance_due_month" integer DEFAULT 6 NOT NULL,
	"assurance_process_id" uuid,
	"ended_on" date,
	"notice_reminded_for" date,
	"assurance_reminded_for" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "providers_id_customer" UNIQUE("id","customer_id"),
	CONSTRAINT "providers_name" CHECK ("providers"."name" <> ''),
	CONSTRAINT "providers_notice" CHECK ("providers"."notice_months" is null or "providers"."notice_months" between 0 and 120),
	CONSTRAINT "providers_due_month" CHECK ("providers"."assurance_due_month" between 1 and 12),
	CONSTRAINT "providers_contract_order" CHECK ("providers"."contract_start" is null or "providers"."contract_end" is null or "providers"."contract_start" <= "providers"."contract_end"),
	CONSTRAINT "providers_countries" CHECK (cardinality("providers"."data_countries") >= 1),
	CONSTRAINT "providers_safeguard" CHECK ("providers"."dsg_role" = 'none' or "providers"."data_countries" <@ '{CH}'::text[] or "providers"."abroad_safeguard" is not null)
);
--> statement-breakpoint
ALTER TABLE "ics_settings" ADD COLUMN "minimum_decision_id" uuid;--> statement-breakpoint
ALTER TABLE "loyalty_campaigns" ADD COLUMN "review_decision_id" uuid;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD COLUMN "decision_id" uuid;--> statement-breakpoint
ALTER TABLE "risk_appetite_approvals" ADD COLUMN "decision_id" uuid;--> statement-breakpoint
ALTER TABLE "control_executions" ADD COLUMN "provider_id" uuid;--> statement-breakpoint
ALTER TABLE "report_approvals" ADD COLUMN "decision_id" uuid;--> statement-breakpoint
ALTER TABLE "dsg_activities" ADD CONSTRAINT "dsg_activities_id_customer" UNIQUE("id","customer_id");--> statement-breakpoint
ALTER TABLE "council_decision_documents" ADD CONSTRAINT "council_decision_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "council_decision_documents" ADD CONSTRAINT "council_decision_documents_decision_id_customer_id_council_decisions_id_customer_id_fk" FOREIGN KEY ("decision_id","customer_id") REFERENCES "public"."council_decisions"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "council_decision_documents" ADD CONSTRAINT "council_decision_documents_document_id_customer_id_documents_id_customer_id_fk" FOREIGN KEY ("document_id","customer_id") REFERENCES "public"."documents"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "council_decisions" ADD CONSTRAINT "council_decisions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "council_decisions" ADD CONSTRAINT "council_decisions_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_links" ADD CONSTRAINT "finding_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_links" ADD CONSTRAINT "finding_links_finding_id_customer_id_findings_id_customer_id_fk" FOREIGN KEY ("finding_id","customer_id") REFERENCES "public"."findings"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_links" ADD CONSTRAINT "finding_links_risk_id_customer_id_risks_id_customer_id_fk" FOREIGN KEY ("risk_id","customer_id") REFERENCES "public"."risks"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_links" ADD CONSTRAINT "finding_links_process_id_customer_id_ics_processes_id_customer_id_fk" FOREIGN KEY ("process_id","customer_id") REFERENCES "public"."ics_processes"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_links" ADD CONSTRAINT "finding_links_measure_id_customer_id_measures_id_customer_id_fk" FOREIGN KEY ("measure_id","customer_id") REFERENCES "public"."measures"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_acceptance_decision_id_customer_id_council_decisions_id_customer_id_fk" FOREIGN KEY ("acceptance_decision_id","customer_id") REFERENCES "public"."council_decisions"("id","customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_incidents" ADD CONSTRAINT "provider_incidents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_incidents" ADD CONSTRAINT "provider_incidents_breach_id_dsg_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."dsg_breaches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_incidents" ADD CONSTRAINT "provider_incidents_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_incidents" ADD CONSTRAINT "provider_incidents_provider_id_customer_id_providers_id_customer_id_fk" FOREIGN KEY ("provider_id","customer_id") REFERENCES "public"."providers"("id","customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_links" ADD CONSTRAINT "provider_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_links" ADD CONSTRAINT "provider_links_provider_id_customer_id_providers_id_customer_id_fk" FOREIGN KEY ("provider_id","customer_id") REFERENCES "public"."providers"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_links" ADD CONSTRAINT "provider_links_risk_id_customer_id_risks_id_customer_id_fk" FOREIGN KEY ("risk_id","customer_id") REFERENCES "public"."risks"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_links" ADD CONSTRAINT "provider_links_process_id_customer_id_ics_processes_id_customer_id_fk" FOREIGN KEY ("process_id","customer_id") REFERENCES "public"."ics_processes"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_links" ADD CONSTRAINT "provider_links_activity_id_customer_id_dsg_activities_id_customer_id_fk" FOREIGN KEY ("activity_id","customer_id") REFERENCES "public"."dsg_activities"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_assurance_process_id_ics_processes_id_fk" FOREIGN KEY ("assurance_process_id") REFERENCES "public"."ics_processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "council_decision_documents_customer" ON "council_decision_documents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "council_decision_documents_document" ON "council_decision_documents" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "council_decisions_customer_number" ON "council_decisions" USING btree ("customer_id","number");--> statement-breakpoint
CREATE INDEX "council_decisions_customer_date" ON "council_decisions" USING btree ("customer_id","decided_on");--> statement-breakpoint
CREATE UNIQUE INDEX "finding_links_risk" ON "finding_links" USING btree ("finding_id","risk_id") WHERE "finding_links"."risk_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "finding_links_process" ON "finding_links" USING btree ("finding_id","process_id") WHERE "finding_links"."process_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "finding_links_measure" ON "finding_links" USING btree ("finding_id","measure_id") WHERE "finding_links"."measure_id" is not null;--> statement-breakpoint
CREATE INDEX "finding_links_customer" ON "finding_links" USING btree ("customer_id","finding_id");--> statement-breakpoint
CREATE UNIQUE INDEX "findings_customer_number" ON "findings" USING btree ("customer_id","number");--> statement-breakpoint
CREATE INDEX "findings_customer_state" ON "findings" USING btree ("customer_id","state","deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_incidents_customer_number" ON "provider_incidents" USING btree ("customer_id","number");--> statement-breakpoint
CREATE INDEX "provider_incidents_customer_provider" ON "provider_incidents" USING btree ("customer_id","provider_id","occurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_links_risk" ON "provider_links" USING btree ("provider_id","risk_id") WHERE "provider_links"."risk_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_links_process" ON "provider_links" USING btree ("provider_id","process_id") WHERE "provider_links"."process_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_links_activity" ON "provider_links" USING btree ("provider_id","activity_id") WHERE "provider_links"."activity_id" is not null;--> statement-breakpoint
CREATE INDEX "provider_links_customer" ON "provider_links" USING btree ("customer_id","provider_id");--> statement-breakpoint
CREATE INDEX "provider_links_activity_of" ON "provider_links" USING btree ("activity_id") WHERE "provider_links"."activity_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "providers_customer_number" ON "providers" USING btree ("customer_id","number");--> statement-breakpoint
CREATE INDEX "providers_customer_name" ON "providers" USING btree ("customer_id","name");--> statement-breakpoint
ALTER TABLE "ics_settings" ADD CONSTRAINT "ics_settings_minimum_decision_id_customer_id_council_decisions_id_customer_id_fk" FOREIGN KEY ("minimum_decision_id","customer_id") REFERENCES "public"."council_decisions"("id","customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaigns" ADD CONSTRAINT "loyalty_campaigns_review_decision_id_customer_id_council_decisions_id_customer_id_fk" FOREIGN KEY ("review_decision_id","customer_id") REFERENCES "public"."council_decisions"("id","customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_decision_id_customer_id_council_decisions_id_customer_id_fk" FOREIGN KEY ("decision_id","customer_id") REFERENCES "public"."council_decisions"("id","customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_appetite_approvals" ADD CONSTRAINT "risk_appetite_approvals_decision_id_customer_id_council_decisions_id_customer_id_fk" FOREIGN KEY ("decision_id","customer_id") REFERENCES "public"."council_decisions"("id","customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_executions" ADD CONSTRAINT "control_executions_provider_id_customer_id_providers_id_customer_id_fk" FOREIGN KEY ("provider_id","customer_id") REFERENCES "public"."providers"("id","customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_approvals" ADD CONSTRAINT "report_approvals_decision_id_customer_id_council_decisions_id_customer_id_fk" FOREIGN KEY ("decision_id","customer_id") REFERENCES "public"."council_decisions"("id","customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ics_settings_minimum_decision" ON "ics_settings" USING btree ("minimum_decision_id") WHERE "ics_settings"."minimum_decision_id" is not null;--> statement-breakpoint
CREATE INDEX "loyalty_campaigns_review_decision" ON "loyalty_campaigns" USING btree ("review_decision_id") WHERE "loyalty_campaigns"."review_decision_id" is not null;--> statement-breakpoint
CREATE INDEX "risk_acceptances_decision" ON "risk_acceptances" USING btree ("decision_id") WHERE "risk_acceptances"."decision_id" is not null;--> statement-breakpoint
CREATE INDEX "risk_appetite_approvals_decision" ON "risk_appetite_approvals" USING btree ("decision_id") WHERE "risk_appetite_approvals"."decision_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "control_executions_provider_year" ON "control_executions" USING btree ("provider_id","period_start") WHERE "control_executions"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "report_approvals_decision" ON "report_approvals" USING btree ("decision_id") WHERE "report_approvals"."decision_id" is not null;--> statement-breakpoint
-- The new registers are tenant tables like every other (migrations 0015, 0020, 0036, 0037, 0040, 0042).
ALTER TABLE "council_decisions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "council_decisions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "council_decisions" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "council_decisions" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "council_decision_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "council_decision_documents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "council_decision_documents" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "council_decision_documents" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "providers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "providers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "providers" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "providers" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "provider_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "provider_links" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "provider_links" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "provider_links" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "provider_incidents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "provider_incidents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "provider_incidents" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "provider_incidents" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "findings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "findings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "findings" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "findings" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "finding_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "finding_links" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "finding_links" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "finding_links" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
