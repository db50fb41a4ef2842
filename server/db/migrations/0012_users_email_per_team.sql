DROP INDEX "users_email_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "users_team_email_uq" ON "users" USING btree ("team_id","email");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");