ALTER TABLE "teams" ADD COLUMN "billing_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "billing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "payment_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "logo_type" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "logo_size" integer;