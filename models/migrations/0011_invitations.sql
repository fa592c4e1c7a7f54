CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"position" "position",
	"language" "language" DEFAULT 'de' NOT NULL,
	"risk_enabled" boolean DEFAULT false NOT NULL,
	"risk_role" "role" DEFAULT 'none' NOT NULL,
	"iks_enabled" boolean DEFAULT false NOT NULL,
	"iks_role" "role" DEFAULT 'none' NOT NULL,
	"invited_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_customer_user" ON "invitations" USING btree ("customer_id","user_id");--> statement-breakpoint
CREATE INDEX "invitations_user" ON "invitations" USING btree ("user_id");--> statement-breakpoint
-- The welcome link is valid for 24 hours: say hours, as the dialog does, not 1440 minutes.
UPDATE "mail_templates" SET "body" = replace("body", 'Der Link ist {{minutes}} Minuten gültig', 'Der Link ist {{hours}} Stunden gültig') WHERE "key" = 'welcome' AND "language" = 'de';--> statement-breakpoint
UPDATE "mail_templates" SET "body" = replace("body", 'Ce lien est valable {{minutes}} minutes', 'Ce lien est valable {{hours}} heures') WHERE "key" = 'welcome' AND "language" = 'fr';--> statement-breakpoint
UPDATE "mail_templates" SET "body" = replace("body", 'The link is valid for {{minutes}} minutes', 'The link is valid for {{hours}} hours') WHERE "key" = 'welcome' AND "language" = 'en';
