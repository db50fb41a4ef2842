CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"actor_id" integer,
	"actor_label" text NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"subject_name" text,
	"before" jsonb,
	"after" jsonb,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_team_idx" ON "audit_log" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_team_kind_idx" ON "audit_log" USING btree ("team_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_team_actor_idx" ON "audit_log" USING btree ("team_id","actor_id","created_at");--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A team's entries go with the team itself (its delete cascades here); nothing else removes or changes one.
	IF TG_OP = 'DELETE' THEN
		IF NOT EXISTS (SELECT 1 FROM "teams" WHERE "id" = OLD."team_id") THEN
			RETURN OLD;
		END IF;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
