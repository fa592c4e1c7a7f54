CREATE TYPE "public"."news_audience" AS ENUM('all', 'iks', 'risk', 'customer');--> statement-breakpoint
CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"lead" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"visible_for" "news_audience" DEFAULT 'all' NOT NULL,
	"customer_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_customer_target" CHECK (("news"."visible_for" = 'customer') = ("news"."customer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_valid" ON "news" USING btree ("valid_from","valid_until");