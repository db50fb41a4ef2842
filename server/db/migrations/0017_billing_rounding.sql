ALTER TABLE "projects" ADD COLUMN "rounding" jsonb;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "rounding" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "recorded_time" integer;