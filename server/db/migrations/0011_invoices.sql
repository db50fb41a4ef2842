CREATE TABLE "invoice_expenses" (
	"team_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"expense_id" integer NOT NULL,
	CONSTRAINT "invoice_expenses_invoice_id_expense_id_pk" PRIMARY KEY("invoice_id","expense_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"name" text NOT NULL,
	"billed_time" integer DEFAULT 0 NOT NULL,
	"quantity" double precision,
	"rate" bigint,
	"list_amount" bigint NOT NULL,
	"custom" boolean DEFAULT false NOT NULL,
	"taxable" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"project_id" integer,
	"category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_time_records" (
	"team_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	CONSTRAINT "invoice_time_records_invoice_id_record_id_pk" PRIMARY KEY("invoice_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"public_id" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"public_notes" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date,
	"limit_date_from" date,
	"limit_date_till" date,
	"include_time" boolean DEFAULT true NOT NULL,
	"include_expenses" boolean DEFAULT true NOT NULL,
	"project_ids" integer[] NOT NULL,
	"time_mask" text NOT NULL,
	"expense_mask" text NOT NULL,
	"tax" jsonb NOT NULL,
	"discount" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_team_number_uq" UNIQUE("team_id","number")
);
--> statement-breakpoint
ALTER TABLE "invoice_expenses" ADD CONSTRAINT "invoice_expenses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_expenses" ADD CONSTRAINT "invoice_expenses_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_expenses" ADD CONSTRAINT "invoice_expenses_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_time_records" ADD CONSTRAINT "invoice_time_records_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_time_records" ADD CONSTRAINT "invoice_time_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_time_records" ADD CONSTRAINT "invoice_time_records_record_id_time_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."time_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_expenses_expense_uq" ON "invoice_expenses" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_time_records_record_uq" ON "invoice_time_records" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id");