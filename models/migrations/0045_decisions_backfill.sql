-- The council's decisions (issue 28, decision 0068): every approval recorded before the register existed
-- gets its decision, so that the register lists them and each approval links to it. One decision per
-- approval without one: the appetite's approvals, the accepted risks, the reviewed loyalty campaigns and
-- the annual reports' approvals, numbered after the fund's last decision ('councilDecision' counter).
-- The appetite's approvals and the reports' approvals are kept as recorded (triggers refuse any UPDATE):
-- the triggers are set aside for the link only, inside this migration's transaction.
ALTER TABLE "risk_appetite_approvals" DISABLE TRIGGER "risk_appetite_approval_kept";--> statement-breakpoint
ALTER TABLE "report_approvals" DISABLE TRIGGER "report_approvals_append_only";--> statement-breakpoint
-- The reports' approvals are not for the system's role to change (migration 0034): the link column only, for this step.
GRANT UPDATE ("decision_id") ON "report_approvals" TO vorsorge_all_customers;--> statement-breakpoint
-- Every fund's rows: as the role the system's work runs as (row-level security is forced on the tables).
-- One statement: the decisions, the counters and the links are written together.
SET ROLE vorsorge_all_customers;--> statement-breakpoint
WITH "source" AS MATERIALIZED (
  SELECT 'appetite' AS kind, a.id AS approval_id, a.customer_id, 'riskAppetite'::decision_subject AS subject, a.approved_on AS decided_on,
    a.decision_reference AS reference,
    CASE c.language WHEN 'fr' THEN 'Approbation de l’appétit pour le risque' WHEN 'en' THEN 'Approval of the risk appetite'
      ELSE 'Genehmigung des Risikoappetits' END || ' (' || a.score_limit || ')' AS title,
    a.remark AS text, a.approved_by AS decided_by, a.recorded_by_user_id, a.created_at
  FROM risk_appetite_approvals a JOIN customers c ON c.id = a.customer_id
  WHERE a.decision_id IS NULL
  UNION ALL
  SELECT 'acceptance', a.id, a.customer_id, 'riskAcceptance', a.accepted_on,
    coalesce(nullif(a.decision_reference, ''), to_char(a.accepted_on, 'DD.MM.YYYY')),
    CASE c.language WHEN 'fr' THEN 'Acceptation du risque ' WHEN 'en' THEN 'Acceptance of risk ' ELSE 'Akzeptanz des Risikos ' END || r.idkey || ' ' || r.title,
    a.justification, a.accepted_by, a.recorded_by_user_id, a.created_at
  FROM risk_acceptances a JOIN risks r ON r.id = a.risk_id JOIN customers c ON c.id = a.customer_id
  WHERE a.decision_id IS NULL
  UNION ALL
  SELECT 'loyalty', l.id, l.customer_id, 'loyaltyReview', l.reviewed_on,
    coalesce(nullif(l.review_reference, ''), to_char(l.reviewed_on, 'DD.MM.YYYY')),
    CASE c.language WHEN 'fr' THEN 'Examen des déclarations de loyauté ' WHEN 'en' THEN 'Review of the loyalty declarations '
      ELSE 'Prüfung der Loyalitätserklärungen ' END || l.year,
    '', l.review_names, l.review_recorded_by_user_id, l.created_at
  FROM loyalty_campaigns l JOIN customers c ON c.id = l.customer_id
  WHERE l.reviewed_on IS NOT NULL AND l.review_decision_id IS NULL
  UNION ALL
  SELECT 'report', a.id, a.customer_id, 'annualReport', a.approved_on,
    to_char(s.reporting_date, 'DD.MM.YYYY'),
    CASE c.language WHEN 'fr' THEN 'Approbation du rapport annuel GR/SCI au ' WHEN 'en' THEN 'Approval of the annual RM/ICS report as of '
      ELSE 'Genehmigung des Jahresberichts RM/IKS per ' END || to_char(s.reporting_date, 'DD.MM.YYYY'),
    '', a.names, a.recorded_by_user_id, a.recorded_at
  FROM report_approvals a JOIN report_snapshots s ON s.id = a.snapshot_id JOIN customers c ON c.id = a.customer_id
  WHERE a.decision_id IS NULL
),
"numbered" AS MATERIALIZED (
  SELECT s.*, gen_random_uuid() AS decision_id,
    greatest(coalesce(n.value, 0), coalesce((SELECT max(d.number) FROM council_decisions d WHERE d.customer_id = s.customer_id), 0)) + row_number() OVER (PARTITION BY s.customer_id ORDER BY s.decided_on, s.created_at, s.kind, s.approval_id) AS number
  FROM "source" s
  LEFT JOIN customer_counters n ON n.customer_id = s.customer_id AND n.name = 'councilDecision'
),
"decisions" AS (
  INSERT INTO council_decisions (id, customer_id, number, subject, decided_on, reference, title, text, decided_by, recorded_by_user_id, created_at, updated_at)
  SELECT decision_id, customer_id, number, subject, decided_on, left(reference, 300), left(title, 300), coalesce(text, ''), coalesce(decided_by, ''),
    recorded_by_user_id, created_at, created_at
  FROM "numbered"
  RETURNING id
),
"counters" AS (
  INSERT INTO customer_counters (customer_id, name, value)
  SELECT customer_id, 'councilDecision', max(number) FROM "numbered" GROUP BY customer_id
  ON CONFLICT (customer_id, name) DO UPDATE SET value = greatest(customer_counters.value, excluded.value)
  RETURNING 1
),
"appetite" AS (
  UPDATE risk_appetite_approvals a SET decision_id = b.decision_id FROM "numbered" b WHERE b.kind = 'appetite' AND b.approval_id = a.id RETURNING 1
),
"acceptances" AS (
  UPDATE risk_acceptances a SET decision_id = b.decision_id FROM "numbered" b WHERE b.kind = 'acceptance' AND b.approval_id = a.id RETURNING 1
),
"reviews" AS (
  UPDATE loyalty_campaigns l SET review_decision_id = b.decision_id FROM "numbered" b WHERE b.kind = 'loyalty' AND b.approval_id = l.id RETURNING 1
),
"reports" AS (
  UPDATE report_approvals a SET decision_id = b.decision_id FROM "numbered" b WHERE b.kind = 'report' AND b.approval_id = a.id RETURNING 1
)
SELECT (SELECT count(*) FROM "decisions") AS decisions, (SELECT count(*) FROM "counters") AS counters,
  (SELECT count(*) FROM "appetite") + (SELECT count(*) FROM "acceptances") + (SELECT count(*) FROM "reviews") + (SELECT count(*) FROM "reports") AS linked;--> statement-breakpoint
RESET ROLE;--> statement-breakpoint
REVOKE UPDATE ("decision_id") ON "report_approvals" FROM vorsorge_all_customers;--> statement-breakpoint
ALTER TABLE "risk_appetite_approvals" ENABLE TRIGGER "risk_appetite_approval_kept";--> statement-breakpoint
ALTER TABLE "report_approvals" ENABLE TRIGGER "report_approvals_append_only";
