CREATE TABLE "import_fingerprints" (
	"team_id" integer NOT NULL,
	"source" text NOT NULL,
	"fingerprint" text NOT NULL,
	"import_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"created" boolean DEFAULT true NOT NULL,
	"previous_comment" text
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"preview" jsonb NOT NULL,
	"created" jsonb,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_fingerprints" ADD CONSTRAINT "import_fingerprints_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_fingerprints" ADD CONSTRAINT "import_fingerprints_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_ledger" ADD CONSTRAINT "import_ledger_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_ledger" ADD CONSTRAINT "import_ledger_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_fingerprints_uq" ON "import_fingerprints" USING btree ("team_id","source","fingerprint");--> statement-breakpoint
CREATE INDEX "import_fingerprints_import_idx" ON "import_fingerprints" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "import_ledger_import_idx" ON "import_ledger" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "imports_team_idx" ON "imports" USING btree ("team_id","id");