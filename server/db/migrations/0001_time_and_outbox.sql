CREATE TABLE "time_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"action" text NOT NULL,
	"time" integer NOT NULL,
	"previous_time" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" integer,
	"date" date NOT NULL,
	"time" integer DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"is_invoiced" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_records_user_task_date_uq" UNIQUE NULLS NOT DISTINCT("user_id","task_id","date")
);
--> statement-breakpoint
CREATE TABLE "timers" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" integer,
	"user_date" date NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "timers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"kind" text NOT NULL,
	"project_id" integer,
	"resource_id" text NOT NULL,
	"payload" text NOT NULL,
	"actor_id" integer NOT NULL,
	"attributes_projects" text[] NOT NULL,
	"attributes_users" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "time_history" ADD CONSTRAINT "time_history_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_history" ADD CONSTRAINT "time_history_record_id_time_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."time_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_records" ADD CONSTRAINT "time_records_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_records" ADD CONSTRAINT "time_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_records" ADD CONSTRAINT "time_records_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_history_record_idx" ON "time_history" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "time_records_team_date_idx" ON "time_records" USING btree ("team_id","date");--> statement-breakpoint
CREATE INDEX "time_records_user_date_idx" ON "time_records" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "time_records_task_idx" ON "time_records" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "webhook_events_undispatched_idx" ON "webhook_events" USING btree ("dispatched_at","id");