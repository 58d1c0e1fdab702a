CREATE TABLE "database_identity" (
	"id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Written once, here: every process that reaches this database reads the same id, however its
-- DATABASE_URL is written.
INSERT INTO "database_identity" ("id") VALUES (gen_random_uuid()::text);
