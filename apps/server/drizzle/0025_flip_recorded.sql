ALTER TABLE "flip_positions" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
-- Flips settled before this were recorded in their settlement.
UPDATE "flip_positions" SET "recorded_at" = "settled_at" WHERE "status" <> 'open';--> statement-breakpoint
CREATE INDEX "flip_positions_unrecorded_idx" ON "flip_positions" USING btree ("id") WHERE "flip_positions"."status" <> 'open' and "flip_positions"."recorded_at" is null;