ALTER TYPE "public"."audit_action" ADD VALUE 'SignedIn';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'SignInFailed';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'SignedOut';--> statement-breakpoint
CREATE TABLE "sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
