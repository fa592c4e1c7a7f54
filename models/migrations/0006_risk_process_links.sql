CREATE TABLE "risk_process_links" (
	"customer_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_process_links" ADD CONSTRAINT "risk_process_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_process_links" ADD CONSTRAINT "risk_process_links_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_process_links" ADD CONSTRAINT "risk_process_links_process_id_ics_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."ics_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_process_links_pair" ON "risk_process_links" USING btree ("risk_id","process_id");--> statement-breakpoint
CREATE INDEX "risk_process_links_process" ON "risk_process_links" USING btree ("process_id");