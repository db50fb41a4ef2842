CREATE TABLE "budget_threshold_crossings" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"budget_key" text NOT NULL,
	"period_start" date,
	"threshold" integer NOT NULL,
	"usage" real NOT NULL,
	"crossed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budget_threshold_crossings" ADD CONSTRAINT "budget_threshold_crossings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_threshold_crossings_uq" ON "budget_threshold_crossings" USING btree ("team_id","owner_kind","owner_id","budget_key",coalesce("period_start", '-infinity'::date));