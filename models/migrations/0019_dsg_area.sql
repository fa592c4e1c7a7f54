CREATE TYPE "public"."dsg_activity_role" AS ENUM('controller', 'processor');--> statement-breakpoint
CREATE TYPE "public"."dsg_activity_state" AS ENUM('draft', 'active', 'retired');--> statement-breakpoint
CREATE TYPE "public"."dsg_breach_state" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."dsg_dpia_state" AS ENUM('screening', 'notRequired', 'open', 'approved');--> statement-breakpoint
CREATE TYPE "public"."dsg_request_kind" AS ENUM('access', 'rectification', 'erasure', 'objection', 'portability');--> statement-breakpoint
CREATE TYPE "public"."dsg_request_state" AS ENUM('open', 'answered', 'refused', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."dsg_safeguard" AS ENUM('adequacy', 'clauses', 'exception');--> statement-breakpoint
CREATE TABLE "dsg_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"idkey" integer NOT NULL,
	"template_id" uuid,
	"name" text NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"role" "dsg_activity_role" DEFAULT 'controller' NOT NULL,
	"responsible_user_id" uuid,
	"responsible_body_id" uuid,
	"data_subjects" text DEFAULT '' NOT NULL,
	"data_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sensitive" boolean DEFAULT false NOT NULL,
	"recipients" text DEFAULT '' NOT NULL,
	"abroad" boolean DEFAULT false NOT NULL,
	"abroad_countries" text DEFAULT '' NOT NULL,
	"abroad_safeguard" "dsg_safeguard",
	"abroad_note" text DEFAULT '' NOT NULL,
	"retention" text DEFAULT '' NOT NULL,
	"security" text DEFAULT '' NOT NULL,
	"legal_basis" text DEFAULT '' NOT NULL,
	"state" "dsg_activity_state" DEFAULT 'draft' NOT NULL,
	"last_reviewed_on" date,
	"retired_on" date,
	"created_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsg_activity_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"risk_id" uuid,
	"ics_process_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dsg_activity_links_one" CHECK (num_nonnulls("dsg_activity_links"."risk_id", "dsg_activity_links"."ics_process_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "dsg_breaches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"idkey" integer NOT NULL,
	"title" text NOT NULL,
	"state" "dsg_breach_state" DEFAULT 'open' NOT NULL,
	"discovered_at" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subject_categories" text DEFAULT '' NOT NULL,
	"subjects_count" integer,
	"records_count" integer,
	"consequences" text DEFAULT '' NOT NULL,
	"measures_taken" text DEFAULT '' NOT NULL,
	"high_risk" boolean,
	"fdpic_notified_at" timestamp with time zone,
	"fdpic_reference" text DEFAULT '' NOT NULL,
	"inform_subjects" boolean,
	"subjects_informed_on" date,
	"closed_on" date,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsg_dpia_risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"dpia_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"probability_level_id" uuid,
	"severity_level_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsg_dpias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"state" "dsg_dpia_state" DEFAULT 'screening' NOT NULL,
	"large_scale_sensitive" boolean DEFAULT false NOT NULL,
	"systematic_monitoring" boolean DEFAULT false NOT NULL,
	"new_technologies" boolean DEFAULT false NOT NULL,
	"profiling_high_risk" boolean DEFAULT false NOT NULL,
	"required_by_law" boolean DEFAULT false NOT NULL,
	"not_required_reason" text DEFAULT '' NOT NULL,
	"screened_on" date,
	"screened_by_user_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"residual_probability_level_id" uuid,
	"residual_severity_level_id" uuid,
	"residual_note" text DEFAULT '' NOT NULL,
	"advisor_consulted" boolean DEFAULT false NOT NULL,
	"fdpic_consulted_on" date,
	"fdpic_reference" text DEFAULT '' NOT NULL,
	"approved_by_user_id" uuid,
	"approved_on" date,
	"created_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsg_measure_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"measure_id" uuid NOT NULL,
	"dpia_id" uuid,
	"breach_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dsg_measure_links_one" CHECK (num_nonnulls("dsg_measure_links"."dpia_id", "dsg_measure_links"."breach_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "dsg_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"idkey" integer NOT NULL,
	"kind" "dsg_request_kind" NOT NULL,
	"state" "dsg_request_state" DEFAULT 'open' NOT NULL,
	"received_on" date NOT NULL,
	"requester_name" text NOT NULL,
	"requester_reference" text DEFAULT '' NOT NULL,
	"identity_checked" boolean DEFAULT false NOT NULL,
	"due_on" date NOT NULL,
	"extended_to" date,
	"extension_reason" text DEFAULT '' NOT NULL,
	"extension_told_on" date,
	"answered_on" date,
	"answer_method" text DEFAULT '' NOT NULL,
	"health_professional" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dsg_requests_due_after_receipt" CHECK ("dsg_requests"."due_on" >= "dsg_requests"."received_on")
);
--> statement-breakpoint
CREATE TABLE "dsg_settings" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"breach_notice_hours" integer DEFAULT 72 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsg_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"key" text NOT NULL,
	"name_de" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"purpose_de" text DEFAULT '' NOT NULL,
	"purpose_fr" text DEFAULT '' NOT NULL,
	"purpose_en" text DEFAULT '' NOT NULL,
	"role" "dsg_activity_role" DEFAULT 'controller' NOT NULL,
	"data_subjects_de" text DEFAULT '' NOT NULL,
	"data_subjects_fr" text DEFAULT '' NOT NULL,
	"data_subjects_en" text DEFAULT '' NOT NULL,
	"data_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipients_de" text DEFAULT '' NOT NULL,
	"recipients_fr" text DEFAULT '' NOT NULL,
	"recipients_en" text DEFAULT '' NOT NULL,
	"retention_de" text DEFAULT '' NOT NULL,
	"retention_fr" text DEFAULT '' NOT NULL,
	"retention_en" text DEFAULT '' NOT NULL,
	"security_de" text DEFAULT '' NOT NULL,
	"security_fr" text DEFAULT '' NOT NULL,
	"security_en" text DEFAULT '' NOT NULL,
	"legal_basis_de" text DEFAULT '' NOT NULL,
	"legal_basis_fr" text DEFAULT '' NOT NULL,
	"legal_basis_en" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dsg_activities" ADD CONSTRAINT "dsg_activities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_activities" ADD CONSTRAINT "dsg_activities_template_id_dsg_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."dsg_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_activities" ADD CONSTRAINT "dsg_activities_responsible_user_id_users_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_activities" ADD CONSTRAINT "dsg_activities_responsible_body_id_responsible_bodies_id_fk" FOREIGN KEY ("responsible_body_id") REFERENCES "public"."responsible_bodies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_activities" ADD CONSTRAINT "dsg_activities_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_activity_links" ADD CONSTRAINT "dsg_activity_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_activity_links" ADD CONSTRAINT "dsg_activity_links_activity_id_dsg_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."dsg_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_activity_links" ADD CONSTRAINT "dsg_activity_links_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_activity_links" ADD CONSTRAINT "dsg_activity_links_ics_process_id_ics_processes_id_fk" FOREIGN KEY ("ics_process_id") REFERENCES "public"."ics_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_breaches" ADD CONSTRAINT "dsg_breaches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_breaches" ADD CONSTRAINT "dsg_breaches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpia_risks" ADD CONSTRAINT "dsg_dpia_risks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpia_risks" ADD CONSTRAINT "dsg_dpia_risks_dpia_id_dsg_dpias_id_fk" FOREIGN KEY ("dpia_id") REFERENCES "public"."dsg_dpias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpia_risks" ADD CONSTRAINT "dsg_dpia_risks_probability_level_id_probability_levels_id_fk" FOREIGN KEY ("probability_level_id") REFERENCES "public"."probability_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpia_risks" ADD CONSTRAINT "dsg_dpia_risks_severity_level_id_severity_levels_id_fk" FOREIGN KEY ("severity_level_id") REFERENCES "public"."severity_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpias" ADD CONSTRAINT "dsg_dpias_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpias" ADD CONSTRAINT "dsg_dpias_activity_id_dsg_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."dsg_activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpias" ADD CONSTRAINT "dsg_dpias_screened_by_user_id_users_id_fk" FOREIGN KEY ("screened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpias" ADD CONSTRAINT "dsg_dpias_residual_probability_level_id_probability_levels_id_fk" FOREIGN KEY ("residual_probability_level_id") REFERENCES "public"."probability_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpias" ADD CONSTRAINT "dsg_dpias_residual_severity_level_id_severity_levels_id_fk" FOREIGN KEY ("residual_severity_level_id") REFERENCES "public"."severity_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpias" ADD CONSTRAINT "dsg_dpias_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_dpias" ADD CONSTRAINT "dsg_dpias_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_measure_links" ADD CONSTRAINT "dsg_measure_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_measure_links" ADD CONSTRAINT "dsg_measure_links_measure_id_measures_id_fk" FOREIGN KEY ("measure_id") REFERENCES "public"."measures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_measure_links" ADD CONSTRAINT "dsg_measure_links_dpia_id_dsg_dpias_id_fk" FOREIGN KEY ("dpia_id") REFERENCES "public"."dsg_dpias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_measure_links" ADD CONSTRAINT "dsg_measure_links_breach_id_dsg_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."dsg_breaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_requests" ADD CONSTRAINT "dsg_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_requests" ADD CONSTRAINT "dsg_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsg_settings" ADD CONSTRAINT "dsg_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dsg_activities_customer_idkey" ON "dsg_activities" USING btree ("customer_id","idkey");--> statement-breakpoint
CREATE INDEX "dsg_activities_customer_state" ON "dsg_activities" USING btree ("customer_id","state","name");--> statement-breakpoint
CREATE INDEX "dsg_activities_responsible" ON "dsg_activities" USING btree ("responsible_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dsg_activity_links_risk" ON "dsg_activity_links" USING btree ("activity_id","risk_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dsg_activity_links_process" ON "dsg_activity_links" USING btree ("activity_id","ics_process_id");--> statement-breakpoint
CREATE INDEX "dsg_activity_links_customer" ON "dsg_activity_links" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dsg_breaches_customer_idkey" ON "dsg_breaches" USING btree ("customer_id","idkey");--> statement-breakpoint
CREATE INDEX "dsg_breaches_customer_state" ON "dsg_breaches" USING btree ("customer_id","state","discovered_at");--> statement-breakpoint
CREATE INDEX "dsg_dpia_risks_dpia" ON "dsg_dpia_risks" USING btree ("dpia_id","position");--> statement-breakpoint
CREATE INDEX "dsg_dpia_risks_customer" ON "dsg_dpia_risks" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dsg_dpias_activity" ON "dsg_dpias" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "dsg_dpias_customer_state" ON "dsg_dpias" USING btree ("customer_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "dsg_measure_links_dpia" ON "dsg_measure_links" USING btree ("dpia_id","measure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dsg_measure_links_breach" ON "dsg_measure_links" USING btree ("breach_id","measure_id");--> statement-breakpoint
CREATE INDEX "dsg_measure_links_customer" ON "dsg_measure_links" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dsg_requests_customer_idkey" ON "dsg_requests" USING btree ("customer_id","idkey");--> statement-breakpoint
CREATE INDEX "dsg_requests_customer_state" ON "dsg_requests" USING btree ("customer_id","state","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "dsg_templates_key" ON "dsg_templates" USING btree ("key");--> statement-breakpoint
CREATE INDEX "dsg_templates_position" ON "dsg_templates" USING btree ("position");