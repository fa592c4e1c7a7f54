CREATE TYPE "public"."control_frequency" AS ENUM('none', 'monthly', 'quarterly', 'semiannual', 'annual', 'occasional');--> statement-breakpoint
CREATE TYPE "public"."execution_result" AS ENUM('effective', 'deficient', 'notApplicable');--> statement-breakpoint
CREATE TYPE "public"."execution_state" AS ENUM('planned', 'submitted', 'returned', 'approved');--> statement-breakpoint
CREATE TYPE "public"."file_owner" AS ENUM('execution', 'document', 'measure');--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"file_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);--> statement-breakpoint
ALTER TABLE "ics_catalog" ADD COLUMN "default_frequency" "control_frequency" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "ics_catalog" ADD COLUMN "default_procedure_de" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ics_catalog" ADD COLUMN "default_procedure_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ics_catalog" ADD COLUMN "default_procedure_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD COLUMN "frequency" "control_frequency" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD COLUMN "performer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD COLUMN "reviewer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD COLUMN "test_procedure" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD COLUMN "expected_result" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ics_settings" ADD COLUMN "execution_grace_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE TABLE "control_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"process_id" uuid NOT NULL,
	"period" text,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date NOT NULL,
	"state" "execution_state" DEFAULT 'planned' NOT NULL,
	"performer_user_id" uuid,
	"reviewer_user_id" uuid,
	"performed_on" date,
	"result" "execution_result",
	"result_reason" text DEFAULT '' NOT NULL,
	"steps" text DEFAULT '' NOT NULL,
	"observation" text DEFAULT '' NOT NULL,
	"population_size" integer,
	"sample_size" integer,
	"sample_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"recorded_by_user_id" uuid,
	"submitted_at" timestamp with time zone,
	"reviewed_by_user_id" uuid,
	"reviewed_at" timestamp with time zone,
	"review_comment" text DEFAULT '' NOT NULL,
	"measure_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "control_executions_id_customer" UNIQUE("id","customer_id"),
	CONSTRAINT "control_executions_period_order" CHECK ("control_executions"."period_start" <= "control_executions"."period_end" and "control_executions"."period_end" <= "control_executions"."due_date"),
	CONSTRAINT "control_executions_sample" CHECK (("control_executions"."population_size" is null or "control_executions"."population_size" >= 0) and ("control_executions"."sample_size" is null or ("control_executions"."sample_size" >= 0 and ("control_executions"."population_size" is null or "control_executions"."sample_size" <= "control_executions"."population_size")))),
	CONSTRAINT "control_executions_reason" CHECK ("control_executions"."result" is distinct from 'notApplicable' or "control_executions"."result_reason" <> ''),
	CONSTRAINT "control_executions_recorded" CHECK ("control_executions"."state" in ('planned', 'returned') or ("control_executions"."performed_on" is not null and "control_executions"."result" is not null and "control_executions"."submitted_at" is not null)),
	CONSTRAINT "control_executions_signed" CHECK ("control_executions"."state" <> 'approved' or "control_executions"."reviewed_at" is not null)
);--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"owner" "file_owner" NOT NULL,
	"execution_id" uuid,
	"document_id" uuid,
	"measure_id" uuid,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_id_customer" UNIQUE("id","customer_id"),
	CONSTRAINT "stored_files_one_owner" CHECK (("stored_files"."owner" = 'execution' and "stored_files"."execution_id" is not null and "stored_files"."document_id" is null and "stored_files"."measure_id" is null)
        or ("stored_files"."owner" = 'document' and "stored_files"."document_id" is not null and "stored_files"."execution_id" is null and "stored_files"."measure_id" is null)
        or ("stored_files"."owner" = 'measure' and "stored_files"."measure_id" is not null and "stored_files"."execution_id" is null and "stored_files"."document_id" is null)),
	CONSTRAINT "stored_files_size" CHECK ("stored_files"."size" >= 0),
	CONSTRAINT "stored_files_sha256" CHECK ("stored_files"."sha256" ~ '^[0-9a-f]{64}$')
);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_id_customer" UNIQUE("id","customer_id");--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_id_customer" UNIQUE("id","customer_id");--> statement-breakpoint
ALTER TABLE "ics_processes" ADD CONSTRAINT "ics_processes_id_customer" UNIQUE("id","customer_id");--> statement-breakpoint
ALTER TABLE "control_executions" ADD CONSTRAINT "control_executions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_executions" ADD CONSTRAINT "control_executions_performer_user_id_users_id_fk" FOREIGN KEY ("performer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_executions" ADD CONSTRAINT "control_executions_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_executions" ADD CONSTRAINT "control_executions_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_executions" ADD CONSTRAINT "control_executions_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_executions" ADD CONSTRAINT "control_executions_measure_id_measures_id_fk" FOREIGN KEY ("measure_id") REFERENCES "public"."measures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_executions" ADD CONSTRAINT "control_executions_process_id_customer_id_ics_processes_id_customer_id_fk" FOREIGN KEY ("process_id","customer_id") REFERENCES "public"."ics_processes"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_customer_id_stored_files_id_customer_id_fk" FOREIGN KEY ("file_id","customer_id") REFERENCES "public"."stored_files"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_execution_id_customer_id_control_executions_id_customer_id_fk" FOREIGN KEY ("execution_id","customer_id") REFERENCES "public"."control_executions"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_document_id_customer_id_documents_id_customer_id_fk" FOREIGN KEY ("document_id","customer_id") REFERENCES "public"."documents"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_measure_id_customer_id_measures_id_customer_id_fk" FOREIGN KEY ("measure_id","customer_id") REFERENCES "public"."measures"("id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "control_executions_customer_number" ON "control_executions" USING btree ("customer_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "control_executions_process_period" ON "control_executions" USING btree ("process_id","period") WHERE "control_executions"."period" is not null;--> statement-breakpoint
CREATE INDEX "control_executions_customer_due" ON "control_executions" USING btree ("customer_id","due_date","number");--> statement-breakpoint
CREATE INDEX "control_executions_customer_state_due" ON "control_executions" USING btree ("customer_id","state","due_date");--> statement-breakpoint
CREATE INDEX "control_executions_performer" ON "control_executions" USING btree ("performer_user_id","state","due_date");--> statement-breakpoint
CREATE INDEX "control_executions_reviewer" ON "control_executions" USING btree ("reviewer_user_id","state");--> statement-breakpoint
CREATE INDEX "control_executions_process" ON "control_executions" USING btree ("process_id","period_start");--> statement-breakpoint
CREATE INDEX "stored_file_chunks_customer" ON "stored_file_chunks" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "stored_files_customer" ON "stored_files" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_execution" ON "stored_files" USING btree ("execution_id") WHERE "stored_files"."execution_id" is not null;--> statement-breakpoint
CREATE INDEX "stored_files_document" ON "stored_files" USING btree ("document_id") WHERE "stored_files"."document_id" is not null;--> statement-breakpoint
CREATE INDEX "stored_files_measure" ON "stored_files" USING btree ("measure_id") WHERE "stored_files"."measure_id" is not null;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD CONSTRAINT "ics_processes_performer_user_id_users_id_fk" FOREIGN KEY ("performer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_processes" ADD CONSTRAINT "ics_processes_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ics_settings" ADD CONSTRAINT "ics_settings_grace" CHECK ("ics_settings"."execution_grace_days" between 0 and 365);--> statement-breakpoint
-- Control executions and stored files are tenant tables like every other (migrations 0015, 0020, 0036).
ALTER TABLE "control_executions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "control_executions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "control_executions" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "control_executions" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "stored_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stored_files" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "stored_files" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "stored_files" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant" ON "stored_file_chunks" AS PERMISSIVE FOR ALL
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "all_customers" ON "stored_file_chunks" AS PERMISSIVE FOR ALL TO vorsorge_all_customers USING (true) WITH CHECK (true);--> statement-breakpoint
-- An approved execution and its evidence never change again (issue 25, decision 0062), like a
-- snapshot (migration 0023). What stays possible: the cascade of the customer's own deletion (the
-- customer row is gone by then), and ON DELETE SET NULL of a deleted user or measure, which nulls that
-- column alone.
CREATE FUNCTION public.control_execution_refuse_change() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  nullable text[] := ARRAY['performer_user_id', 'reviewer_user_id', 'recorded_by_user_id', 'reviewed_by_user_id', 'measure_id'];
  col text;
BEGIN
  IF OLD.state <> 'approved' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM public.customers WHERE id = OLD.customer_id) THEN
      RETURN OLD;
    END IF;
  ELSE
    IF (to_jsonb(NEW) - nullable) = (to_jsonb(OLD) - nullable) THEN
      FOREACH col IN ARRAY nullable LOOP
        IF (to_jsonb(NEW) ->> col) IS DISTINCT FROM (to_jsonb(OLD) ->> col) AND (to_jsonb(NEW) ->> col) IS NOT NULL THEN
          RAISE EXCEPTION 'an approved control execution is immutable: UPDATE refused' USING ERRCODE = 'restrict_violation';
        END IF;
      END LOOP;
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'an approved control execution is immutable: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "control_executions_immutable" BEFORE UPDATE OR DELETE ON "control_executions"
  FOR EACH ROW EXECUTE FUNCTION public.control_execution_refuse_change();--> statement-breakpoint
-- The evidence of an approved execution: no file added, changed or removed, no content touched.
CREATE FUNCTION public.stored_file_refuse_change() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  row_customer uuid;
  execution uuid;
BEGIN
  row_customer := CASE WHEN TG_OP = 'INSERT' THEN NEW.customer_id ELSE OLD.customer_id END;
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM public.customers WHERE id = row_customer) THEN
    RETURN OLD;
  END IF;
  IF TG_TABLE_NAME = 'stored_files' THEN
    IF TG_OP = 'UPDATE' AND NEW.uploaded_by_user_id IS NULL
      AND (to_jsonb(NEW) - 'uploaded_by_user_id') = (to_jsonb(OLD) - 'uploaded_by_user_id') THEN
      RETURN NEW;
    END IF;
    execution := CASE WHEN TG_OP = 'INSERT' THEN (to_jsonb(NEW) ->> 'execution_id')::uuid ELSE (to_jsonb(OLD) ->> 'execution_id')::uuid END;
  ELSE
    SELECT f.execution_id INTO execution FROM public.stored_files f
      WHERE f.id = (CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END ->> 'file_id')::uuid;
  END IF;
  IF execution IS NOT NULL AND EXISTS (SELECT 1 FROM public.control_executions e WHERE e.id = execution AND e.state = 'approved') THEN
    RAISE EXCEPTION 'the evidence of an approved control execution is immutable: % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stored_files_evidence_immutable" BEFORE INSERT OR UPDATE OR DELETE ON "stored_files"
  FOR EACH ROW EXECUTE FUNCTION public.stored_file_refuse_change();--> statement-breakpoint
CREATE TRIGGER "stored_file_chunks_evidence_immutable" BEFORE INSERT OR UPDATE OR DELETE ON "stored_file_chunks"
  FOR EACH ROW EXECUTE FUNCTION public.stored_file_refuse_change();
