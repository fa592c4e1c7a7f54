CREATE TYPE "public"."risk_answer" AS ENUM('avoid', 'reduce', 'transfer', 'accept');--> statement-breakpoint
CREATE TYPE "public"."risk_relevance" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."risk_state" AS ENUM('analyse', 'bewertung', 'steuerung', 'ueberwachung');--> statement-breakpoint
CREATE TABLE "block_locks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"block" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "probability_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"ref" integer NOT NULL,
	"name" text NOT NULL,
	"range" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_catalog" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idkey" text NOT NULL,
	"theme_id" uuid NOT NULL,
	"title_de" text NOT NULL,
	"title_fr" text NOT NULL,
	"title_en" text NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"description_fr" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"reaction_de" text DEFAULT '' NOT NULL,
	"reaction_fr" text DEFAULT '' NOT NULL,
	"reaction_en" text DEFAULT '' NOT NULL,
	"controlling_de" text DEFAULT '' NOT NULL,
	"controlling_fr" text DEFAULT '' NOT NULL,
	"controlling_en" text DEFAULT '' NOT NULL,
	"probability" integer,
	"severity" integer,
	"strategic" boolean DEFAULT false NOT NULL,
	"dsg_relevant" boolean DEFAULT false NOT NULL,
	"has_personal_data" boolean DEFAULT false NOT NULL,
	"has_protectable_data" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_themes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"leading_number" text NOT NULL,
	"name_de" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_themes_leading_two" CHECK (char_length("risk_themes"."leading_number") = 2)
);
--> statement-breakpoint
CREATE TABLE "risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"idkey" text NOT NULL,
	"theme_id" uuid NOT NULL,
	"catalog_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_user_id" uuid,
	"probability_level_id" uuid,
	"severity_level_id" uuid,
	"state" "risk_state" DEFAULT 'analyse' NOT NULL,
	"relevance" "risk_relevance",
	"strategic" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"dsg_relevant" boolean DEFAULT false NOT NULL,
	"dsg_measure_needed" boolean DEFAULT false NOT NULL,
	"has_personal_data" boolean DEFAULT false NOT NULL,
	"has_protectable_data" boolean DEFAULT false NOT NULL,
	"reaction" text DEFAULT '' NOT NULL,
	"answer" "risk_answer",
	"controlling" text DEFAULT '' NOT NULL,
	"measure_needed" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "severity_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"ref" integer NOT NULL,
	"size" text NOT NULL,
	"effect" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block_locks" ADD CONSTRAINT "block_locks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_locks" ADD CONSTRAINT "block_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probability_levels" ADD CONSTRAINT "probability_levels_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_catalog" ADD CONSTRAINT "risk_catalog_theme_id_risk_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."risk_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_theme_id_risk_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."risk_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_catalog_id_risk_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."risk_catalog"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_probability_level_id_probability_levels_id_fk" FOREIGN KEY ("probability_level_id") REFERENCES "public"."probability_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_severity_level_id_severity_levels_id_fk" FOREIGN KEY ("severity_level_id") REFERENCES "public"."severity_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "severity_levels" ADD CONSTRAINT "severity_levels_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "block_locks_entity" ON "block_locks" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "block_locks_user" ON "block_locks" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "probability_levels_ref" ON "probability_levels" USING btree ("customer_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_catalog_idkey" ON "risk_catalog" USING btree ("idkey");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_themes_leading_number" ON "risk_themes" USING btree ("leading_number");--> statement-breakpoint
CREATE UNIQUE INDEX "risks_customer_idkey" ON "risks" USING btree ("customer_id","idkey");--> statement-breakpoint
CREATE UNIQUE INDEX "risks_customer_catalog" ON "risks" USING btree ("customer_id","catalog_id");--> statement-breakpoint
CREATE INDEX "risks_customer_state" ON "risks" USING btree ("customer_id","state");--> statement-breakpoint
CREATE INDEX "risks_owner" ON "risks" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "severity_levels_ref" ON "severity_levels" USING btree ("customer_id","ref");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE set null ON UPDATE no action;