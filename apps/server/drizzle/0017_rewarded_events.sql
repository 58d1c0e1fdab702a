ALTER TABLE "game_events" ADD COLUMN "rewarded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "game_events" SET "rewarded_at" = now() WHERE "id" <= (SELECT "last_event_id" FROM "invite_reward_cursor" WHERE "id" = 1);--> statement-breakpoint
UPDATE "game_events" SET "rewarded_at" = now() WHERE "rewarded_at" IS NULL AND "id" IN (SELECT "event_id" FROM "invite_rewards");--> statement-breakpoint
DROP TABLE "invite_reward_cursor" CASCADE;--> statement-breakpoint
CREATE INDEX "game_events_unrewarded_idx" ON "game_events" USING btree ("id") WHERE "game_events"."rewarded_at" is null;
