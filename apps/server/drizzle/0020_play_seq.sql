ALTER TABLE "game_positions" ADD COLUMN "play_seq" bigint;--> statement-breakpoint
ALTER TABLE "flip_positions" ADD COLUMN "play_seq" bigint;--> statement-breakpoint
ALTER TABLE "game_events" ADD COLUMN "play_seq" bigint;--> statement-breakpoint
-- A play still open is rewarded at the rates in force when it was opened: before every change made
-- from now on (a number taken now, after every event so far) and before those made since it opened.
WITH "taken" AS (SELECT nextval('game_events_id_seq') AS "seq")
UPDATE "flip_positions" SET "play_seq" = LEAST((SELECT "seq" FROM "taken"), (SELECT min("after_event_id") FROM "invite_reward_rule_changes" WHERE "created_at" > "flip_positions"."opened_at" AND "after_event_id" > 0)) WHERE "status" = 'open';--> statement-breakpoint
WITH "taken" AS (SELECT nextval('game_events_id_seq') AS "seq")
UPDATE "game_positions" SET "play_seq" = LEAST((SELECT "seq" FROM "taken"), (SELECT min("after_event_id") FROM "invite_reward_rule_changes" WHERE "created_at" > "game_positions"."opened_at" AND "after_event_id" > 0)) WHERE "status" = 'open';
