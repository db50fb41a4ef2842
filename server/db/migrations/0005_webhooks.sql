CREATE TABLE "hook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"hook_id" integer NOT NULL,
	"delivery_row_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"excerpt" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"hook_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"delivery_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_id" uuid,
	"last_status_code" integer,
	"last_error" text,
	"last_duration_ms" integer,
	"last_excerpt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"target_url" text NOT NULL,
	"events" text[] NOT NULL,
	"project_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"secret_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hook_attempts" ADD CONSTRAINT "hook_attempts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hook_attempts" ADD CONSTRAINT "hook_attempts_hook_id_hooks_id_fk" FOREIGN KEY ("hook_id") REFERENCES "public"."hooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hook_attempts" ADD CONSTRAINT "hook_attempts_delivery_row_id_hook_deliveries_id_fk" FOREIGN KEY ("delivery_row_id") REFERENCES "public"."hook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hook_deliveries" ADD CONSTRAINT "hook_deliveries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hook_deliveries" ADD CONSTRAINT "hook_deliveries_hook_id_hooks_id_fk" FOREIGN KEY ("hook_id") REFERENCES "public"."hooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hook_deliveries" ADD CONSTRAINT "hook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hooks" ADD CONSTRAINT "hooks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hooks" ADD CONSTRAINT "hooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hook_attempts_hook_idx" ON "hook_attempts" USING btree ("hook_id","created_at");--> statement-breakpoint
CREATE INDEX "hook_attempts_delivery_idx" ON "hook_attempts" USING btree ("delivery_row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hook_deliveries_delivery_uq" ON "hook_deliveries" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "hook_deliveries_hook_order_idx" ON "hook_deliveries" USING btree ("hook_id","status","event_id","id");--> statement-breakpoint
CREATE INDEX "hook_deliveries_due_idx" ON "hook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "hook_deliveries_event_idx" ON "hook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hooks_user_target_uq" ON "hooks" USING btree ("user_id","target_url");--> statement-breakpoint
CREATE INDEX "hooks_team_idx" ON "hooks" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");