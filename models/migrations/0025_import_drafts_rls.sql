-- Row-level security for import drafts like every tenant table (migrations 0015, 0020, 0023): the
-- policy `tenant` shows and accepts only the rows of the customer named in app.customer_id;
-- `all_customers` lets every row through for the role the system's and the operator's transactions take on.
ALTER TABLE "import_drafts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_drafts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "import_drafts" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "import_drafts" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
