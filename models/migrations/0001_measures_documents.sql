CREATE TYPE "public"."document_category" AS ENUM('fund', 'risk', 'iks', 'dsg');--> statement-breakpoint
CREATE TYPE "public"."measure_source" AS ENUM('fund', 'risk', 'iks');--> statement-breakpoint
CREATE TYPE "public"."measure_state" AS ENUM('pending', 'confirmed');--> statement-breakpoint
CREATE TABLE "customer_counters" (
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_counters_customer_id_name_pk" PRIMARY KEY("customer_id","name")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"category" "document_category" NOT NULL,
	"name" text NOT NULL,
	"link" text,
	"link_text" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"due_date" date,
	"present" boolean DEFAULT false NOT NULL,
	"risk_id" uuid,
	"iks_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"idkey" integer NOT NULL,
	"source" "measure_source" NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"state" "measure_state" DEFAULT 'pending' NOT NULL,
	"owner_user_id" uuid,
	"owner_body_id" uuid,
	"due_date" date NOT NULL,
	"recurrence" integer DEFAULT 0 NOT NULL,
	"iteration" integer DEFAULT 1 NOT NULL,
	"previous_id" uuid,
	"dsg_measure" boolean DEFAULT false NOT NULL,
	"in_edit" boolean DEFAULT false NOT NULL,
	"cleanup" boolean DEFAULT false NOT NULL,
	"risk_id" uuid,
	"iks_id" uuid,
	"risk_catalog_id" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_user_id" uuid,
	"confirmation_text" text,
	"created_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measures_recurrence" CHECK ("measures"."recurrence" in (0, 7, 30, 91, 182, 365)),
	CONSTRAINT "measures_confirmed" CHECK ("measures"."state" = 'pending' or ("measures"."confirmed_at" is not null and "measures"."confirmation_text" is not null))
);
--> statement-breakpoint
CREATE TABLE "reminder_log" (
	"user_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"measure_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_log_user_id_customer_id_day_pk" PRIMARY KEY("user_id","customer_id","day")
);
--> statement-breakpoint
CREATE TABLE "responsible_bodies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_counters" ADD CONSTRAINT "customer_counters_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_owner_body_id_responsible_bodies_id_fk" FOREIGN KEY ("owner_body_id") REFERENCES "public"."responsible_bodies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_log" ADD CONSTRAINT "reminder_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_log" ADD CONSTRAINT "reminder_log_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_bodies" ADD CONSTRAINT "responsible_bodies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_customer_category" ON "documents" USING btree ("customer_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "measures_customer_idkey" ON "measures" USING btree ("customer_id","idkey","iteration");--> statement-breakpoint
CREATE INDEX "measures_customer_state_due" ON "measures" USING btree ("customer_id","state","due_date");--> statement-breakpoint
CREATE INDEX "measures_owner_user" ON "measures" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "responsible_bodies_name" ON "responsible_bodies" USING btree ("customer_id","name");