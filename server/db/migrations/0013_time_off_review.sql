ALTER TABLE "time_off" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "time_off" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "time_off" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "time_off" ADD COLUMN "review_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;