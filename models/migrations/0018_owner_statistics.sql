-- A customer's records and their owner are not independent: one owner's records all belong to one
-- customer. Without saying so, PostgreSQL multiplies the two selectivities and expects one row for
-- "this customer's records owned by this user", then plans nested loops over every join; with the
-- 1,300 funds of every Swiss pension fund, the dashboard's own-risks list took 2 ms instead of 0.5.
CREATE STATISTICS IF NOT EXISTS "risks_customer_owner" (dependencies) ON "customer_id", "owner_user_id" FROM "risks";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "ics_processes_customer_owner" (dependencies) ON "customer_id", "owner_user_id" FROM "ics_processes";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "measures_customer_owner" (dependencies) ON "customer_id", "owner_user_id" FROM "measures";--> statement-breakpoint
ANALYZE "risks", "ics_processes", "measures";
