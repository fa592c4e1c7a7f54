ALTER TABLE "dsg_breaches" ADD COLUMN "period" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dsg_breaches" ADD COLUMN "data_categories" text DEFAULT '' NOT NULL;