CREATE TABLE "customer_logos" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"media_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "logo_version" text;--> statement-breakpoint
ALTER TABLE "customer_logos" ADD CONSTRAINT "customer_logos_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "logo_url";--> statement-breakpoint
-- An address of an image elsewhere is no longer shown (decision 0053): the fund uploads its logo.
-- The logo has the tenant policies of every customer table (migrations 0015, 0020).
ALTER TABLE "customer_logos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "customer_logos" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "customer_logos" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "customer_logos" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
