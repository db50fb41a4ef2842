CREATE TABLE "week_unlocks" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"week_id" integer NOT NULL,
	"reason" text NOT NULL,
	"unlocked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "week_unlocks_user_id_week_id_pk" PRIMARY KEY("user_id","week_id")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "auto_lock" jsonb;--> statement-breakpoint
ALTER TABLE "week_unlocks" ADD CONSTRAINT "week_unlocks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "week_unlocks" ADD CONSTRAINT "week_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "week_unlocks" ADD CONSTRAINT "week_unlocks_unlocked_by_users_id_fk" FOREIGN KEY ("unlocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "week_unlocks_team_idx" ON "week_unlocks" USING btree ("team_id");