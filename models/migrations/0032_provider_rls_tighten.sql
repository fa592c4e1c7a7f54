-- A fund's scope reads its own identity provider but never writes it: only the operator sets a
-- provider (asOperator, role vorsorge_all_customers, policy all_customers). A tenant policy FOR ALL
-- would let a fund's admin code path, or an injection into one, repoint the fund's sign-in.
DROP POLICY IF EXISTS "tenant" ON "identity_providers";--> statement-breakpoint
CREATE POLICY "tenant" ON "identity_providers" AS PERMISSIVE FOR SELECT
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
-- The running sign-ins at a provider (nonce, PKCE verifier) are the system's only: the sign-in runs
-- in the system scope before anyone is signed in; no fund's scope sees or writes them.
ALTER TABLE "oidc_flows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "oidc_flows" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "all_customers" ON "oidc_flows" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);
