ALTER TABLE "oauth_codes" ADD COLUMN "session_hash" text;--> statement-breakpoint
ALTER TABLE "oauth_grants" ADD COLUMN "session_hash" text;--> statement-breakpoint
ALTER TABLE "oauth_sessions" ADD COLUMN "remember" boolean DEFAULT false NOT NULL;