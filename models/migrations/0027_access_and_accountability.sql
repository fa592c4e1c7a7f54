CREATE TYPE "public"."membership_kind" AS ENUM('member', 'auditor');--> statement-breakpoint
CREATE TABLE "read_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_label" text NOT NULL,
	"acting_for_user_id" uuid,
	"record_kind" text NOT NULL,
	"record_id" text NOT NULL,
	"via" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deputies" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "deputies" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "deputies" ADD COLUMN "start_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deputies" ADD COLUMN "end_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "kind" "membership_kind" DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "kind" "membership_kind" DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "read_log" ADD CONSTRAINT "read_log_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "read_log_customer_read" ON "read_log" USING btree ("customer_id","read_at");--> statement-breakpoint
CREATE INDEX "read_log_customer_record" ON "read_log" USING btree ("customer_id","record_kind","record_id","read_at");