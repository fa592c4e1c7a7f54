CREATE TYPE "public"."work_process_state" AS ENUM('draft', 'inForce', 'withdrawn');--> statement-breakpoint
CREATE TABLE "work_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"state" "work_process_state" DEFAULT 'draft' NOT NULL,
	"link" text,
	"enforcement_date" date,
	"business_case" text DEFAULT '' NOT NULL,
	"process_ref" text DEFAULT '' NOT NULL,
	"owner_user_id" uuid,
	"main_theme_id" uuid,
	"sub_theme_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_processes" ADD CONSTRAINT "work_processes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_processes" ADD CONSTRAINT "work_processes_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_processes" ADD CONSTRAINT "work_processes_main_theme_id_ics_main_themes_id_fk" FOREIGN KEY ("main_theme_id") REFERENCES "public"."ics_main_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_processes" ADD CONSTRAINT "work_processes_sub_theme_id_ics_sub_themes_id_fk" FOREIGN KEY ("sub_theme_id") REFERENCES "public"."ics_sub_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_processes_customer" ON "work_processes" USING btree ("customer_id","state");