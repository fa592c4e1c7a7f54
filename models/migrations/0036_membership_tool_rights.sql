CREATE TYPE "public"."tool" AS ENUM('risk', 'iks');--> statement-breakpoint
CREATE TABLE "membership_tool_rights" (
	"membership_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"tool" "tool" NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"role" "role" DEFAULT 'none' NOT NULL,
	CONSTRAINT "membership_tool_rights_membership_id_tool_pk" PRIMARY KEY("membership_id","tool")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_id_customer" UNIQUE("id","customer_id");--> statement-breakpoint
ALTER TABLE "membership_tool_rights" ADD CONSTRAINT "membership_tool_rights_membership_id_customer_id_memberships_id_customer_id_fk" FOREIGN KEY ("membership_id","customer_id") REFERENCES "public"."memberships"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tool_rights" ADD CONSTRAINT "membership_tool_rights_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_tool_rights_customer" ON "membership_tool_rights" USING btree ("customer_id");--> statement-breakpoint
-- A membership's rights become one row per tool (decision 0057): a new tool is a value of "tool" and
-- rows, not new columns. The rights every membership held move over before the columns go.
INSERT INTO "membership_tool_rights" ("membership_id", "customer_id", "tool", "enabled", "role")
  SELECT "id", "customer_id", 'risk'::"tool", "risk_enabled", "risk_role" FROM "memberships"
  UNION ALL
  SELECT "id", "customer_id", 'iks'::"tool", "iks_enabled", "iks_role" FROM "memberships";--> statement-breakpoint
ALTER TABLE "memberships" DROP COLUMN "risk_enabled";--> statement-breakpoint
ALTER TABLE "memberships" DROP COLUMN "risk_role";--> statement-breakpoint
ALTER TABLE "memberships" DROP COLUMN "iks_enabled";--> statement-breakpoint
ALTER TABLE "memberships" DROP COLUMN "iks_role";--> statement-breakpoint
-- The rights rows have the tenant policies of every customer table (migrations 0015, 0020, 0035).
ALTER TABLE "membership_tool_rights" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "membership_tool_rights" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "membership_tool_rights" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "membership_tool_rights" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
