CREATE TABLE "allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"contract_start_date" date,
	"days" real NOT NULL,
	"days_carried" real DEFAULT 0 NOT NULL,
	"accrual_frequency" text DEFAULT 'immediately' NOT NULL,
	"restrict_over_allocation" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocations_range_ck" CHECK ("allocations"."end_date" >= "allocations"."start_date")
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"week_id" integer NOT NULL,
	"week_from" date NOT NULL,
	"week_to" date NOT NULL,
	"reviewer_id" integer,
	"status" text NOT NULL,
	"submitted_dates" text[] DEFAULT '{}'::text[] NOT NULL,
	"approved_dates" text[] DEFAULT '{}'::text[] NOT NULL,
	"approved_at" timestamp with time zone,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approvals_user_week_uq" UNIQUE("user_id","week_id")
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"days" real NOT NULL,
	"reviewer_id" integer,
	"attachment_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_range_ck" CHECK ("time_off"."end_date" >= "time_off"."start_date")
);
--> statement-breakpoint
CREATE TABLE "time_off_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"paid" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timecards" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"clock_in" text,
	"clock_out" text,
	"break_time" integer DEFAULT 0 NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timecards_user_date_uq" UNIQUE("user_id","date"),
	CONSTRAINT "timecards_break_ck" CHECK ("timecards"."break_time" >= 0)
);
--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_type_id_time_off_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."time_off_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_type_id_time_off_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."time_off_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_types" ADD CONSTRAINT "time_off_types_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timecards" ADD CONSTRAINT "timecards_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timecards" ADD CONSTRAINT "timecards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocations_user_idx" ON "allocations" USING btree ("user_id","type_id");--> statement-breakpoint
CREATE INDEX "allocations_team_idx" ON "allocations" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "approvals_team_week_idx" ON "approvals" USING btree ("team_id","week_id");--> statement-breakpoint
CREATE INDEX "time_off_user_dates_idx" ON "time_off" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "time_off_team_dates_idx" ON "time_off" USING btree ("team_id","start_date");--> statement-breakpoint
CREATE INDEX "time_off_types_team_idx" ON "time_off_types" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "timecards_team_date_idx" ON "timecards" USING btree ("team_id","date");