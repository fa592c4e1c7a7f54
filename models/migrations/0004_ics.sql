CREATE TYPE "public"."ics_rating" AS ENUM('fulfilled', 'partly', 'notFulfilled');--> statement-breakpoint
CREATE TYPE "public"."ics_state" AS ENUM('analyse', 'bewertung', 'ueberwachung');--> statement-breakpoint
CREATE TYPE "public"."matrix_cell" AS ENUM('E', 'A', 'M');--> statement-breakpoint
CREATE TABLE "control_matrix_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"task" text NOT NULL,
	"revision" "matrix_cell",
	"management" "matrix_cell",
	"responsible" "matrix_cell",
	"department" text DEFAULT '' NOT NULL,
	"controller" text DEFAULT '' NOT NULL,
	"cycle" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ics_catalog" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idkey" text NOT NULL,
	"main_theme_id" uuid NOT NULL,
	"sub_theme_id" uuid NOT NULL,
	"title_de" text NOT NULL,
	"title_fr" text NOT NULL,
	"title_en" text NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"description_fr" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"default_control_target_de" text DEFAULT '' NOT NULL,
	"default_control_target_fr" text DEFAULT '' NOT NULL,
	"default_control_target_en" text DEFAULT '' NOT NULL,
	"default_control_activity_de" text DEFAULT '' NOT NULL,
	"default_control_activity_fr" text DEFAULT '' NOT NULL,
	"default_control_activity_en" text DEFAULT '' NOT NULL,
	"dsg_relevant" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ics_main_themes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"leading_number" text NOT NULL,
	"name_de" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ics_main_themes_two" CHECK (char_length("ics_main_themes"."leading_number") = 2)
);
--> statement-breakpoint
CREATE TABLE "ics_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"idkey" text NOT NULL,
	"main_theme_id" uuid NOT NULL,
	"sub_theme_id" uuid,
	"catalog_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_user_id" uuid,
	"state" "ics_state" DEFAULT 'analyse' NOT NULL,
	"control_target" text DEFAULT '' NOT NULL,
	"control_activity" text DEFAULT '' NOT NULL,
	"assessment_current_state" text DEFAULT '' NOT NULL,
	"effectiveness" "ics_rating",
	"traceability" "ics_rating",
	"efficiency" "ics_rating",
	"further_objectives" text DEFAULT '' NOT NULL,
	"measure_needed" boolean DEFAULT false NOT NULL,
	"dsg_relevant" boolean DEFAULT false NOT NULL,
	"dsg_measure_needed" boolean DEFAULT false NOT NULL,
	"has_personal_data" boolean DEFAULT false NOT NULL,
	"has_protectable_data" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ics_quality" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"main_theme_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ics_quality_level" CHECK ("ics_quality"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "ics_settings" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"council_minimum" integer DEFAULT 3 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ics_settings_minimum" CHECK ("ics_settings"."council_minimum" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "ics_sub_themes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"main_theme_id" uuid NOT NULL,
	"name_de" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_level_texts" (
	"level" integer PRIMARY KEY NOT NULL,
	"title_de" text NOT NULL,
	"title_fr" text NOT NULL,
	"title_en" text NOT NULL,
	"text_de" text NOT NULL,
	"text_fr" text NOT NULL,
	"text_en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "control_matrix_rows" ADD CONSTRAINT "control_matrix_rows_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_catalog" ADD CONSTRAINT "ics_catalog_main_theme_id_ics_main_themes_id_fk" FOREIGN KEY ("main_theme_id") REFERENCES "public"."ics_main_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_catalog" ADD CONSTRAINT "ics_catalog_sub_theme_id_ics_sub_themes_id_fk" FOREIGN KEY ("sub_theme_id") REFERENCES "public"."ics_sub_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD CONSTRAINT "ics_processes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD CONSTRAINT "ics_processes_main_theme_id_ics_main_themes_id_fk" FOREIGN KEY ("main_theme_id") REFERENCES "public"."ics_main_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD CONSTRAINT "ics_processes_sub_theme_id_ics_sub_themes_id_fk" FOREIGN KEY ("sub_theme_id") REFERENCES "public"."ics_sub_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD CONSTRAINT "ics_processes_catalog_id_ics_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."ics_catalog"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD CONSTRAINT "ics_processes_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_quality" ADD CONSTRAINT "ics_quality_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_quality" ADD CONSTRAINT "ics_quality_main_theme_id_ics_main_themes_id_fk" FOREIGN KEY ("main_theme_id") REFERENCES "public"."ics_main_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_settings" ADD CONSTRAINT "ics_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_sub_themes" ADD CONSTRAINT "ics_sub_themes_main_theme_id_ics_main_themes_id_fk" FOREIGN KEY ("main_theme_id") REFERENCES "public"."ics_main_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_matrix_customer" ON "control_matrix_rows" USING btree ("customer_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "ics_catalog_idkey" ON "ics_catalog" USING btree ("idkey");--> statement-breakpoint
CREATE UNIQUE INDEX "ics_main_themes_number" ON "ics_main_themes" USING btree ("leading_number");--> statement-breakpoint
CREATE UNIQUE INDEX "ics_processes_customer_idkey" ON "ics_processes" USING btree ("customer_id","idkey");--> statement-breakpoint
CREATE UNIQUE INDEX "ics_processes_customer_catalog" ON "ics_processes" USING btree ("customer_id","catalog_id");--> statement-breakpoint
CREATE INDEX "ics_processes_owner" ON "ics_processes" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ics_quality_theme" ON "ics_quality" USING btree ("customer_id","main_theme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ics_sub_themes_key" ON "ics_sub_themes" USING btree ("key");