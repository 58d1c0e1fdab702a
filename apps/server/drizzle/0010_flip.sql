CREATE TABLE "market_marks" (
	"symbol" text NOT NULL,
	"time" bigint NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	CONSTRAINT "market_marks_symbol_time_pk" PRIMARY KEY("symbol","time")
);
--> statement-breakpoint
CREATE TABLE "flip_durations" (
	"seconds" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "flip_durations_seconds_check" CHECK ("flip_durations"."seconds" between 5 and 86400)
);
--> statement-breakpoint
CREATE TABLE "flip_pairs" (
	"symbol" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flip_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flip_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"token" text NOT NULL,
	"direction" text NOT NULL,
	"stake" numeric(38, 18) NOT NULL,
	"duration_seconds" integer NOT NULL,
	"payout_rate" numeric(38, 18) NOT NULL,
	"profit" numeric(38, 18) NOT NULL,
	"open_price" numeric(38, 18) NOT NULL,
	"open_tick_id" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"result" text,
	"close_price" numeric(38, 18),
	"close_tick_id" bigint,
	"pnl" numeric(38, 18),
	"settled_at" timestamp with time zone,
	CONSTRAINT "flip_positions_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "flip_positions_direction_check" CHECK ("flip_positions"."direction" in ('up', 'down')),
	CONSTRAINT "flip_positions_status_check" CHECK ("flip_positions"."status" in ('open', 'closed', 'refunded')),
	CONSTRAINT "flip_positions_result_check" CHECK ("flip_positions"."result" is null or "flip_positions"."result" in ('won', 'lost', 'tie', 'no_price'))
);
--> statement-breakpoint
CREATE TABLE "flip_rates" (
	"symbol" text NOT NULL,
	"seconds" integer NOT NULL,
	"payout_rate" numeric(38, 18) NOT NULL,
	CONSTRAINT "flip_rates_symbol_seconds_pk" PRIMARY KEY("symbol","seconds"),
	CONSTRAINT "flip_rates_rate_check" CHECK ("flip_rates"."payout_rate" > 0 and "flip_rates"."payout_rate" <= 10)
);
--> statement-breakpoint
CREATE TABLE "flip_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_open_positions" integer NOT NULL,
	"tolerance_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flip_settings_one_row" CHECK ("flip_settings"."id" = 1),
	CONSTRAINT "flip_settings_max_open_check" CHECK ("flip_settings"."max_open_positions" between 1 and 1000),
	CONSTRAINT "flip_settings_tolerance_check" CHECK ("flip_settings"."tolerance_seconds" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "flip_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"min_stake" numeric(38, 18) NOT NULL,
	"max_stake" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "flip_tokens_stake_check" CHECK ("flip_tokens"."min_stake" > 0 and "flip_tokens"."max_stake" >= "flip_tokens"."min_stake")
);
--> statement-breakpoint
ALTER TABLE "flip_pairs" ADD CONSTRAINT "flip_pairs_symbol_market_pairs_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."market_pairs"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flip_positions" ADD CONSTRAINT "flip_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flip_positions" ADD CONSTRAINT "flip_positions_symbol_flip_pairs_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."flip_pairs"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flip_positions" ADD CONSTRAINT "flip_positions_token_tokens_symbol_fk" FOREIGN KEY ("token") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flip_positions" ADD CONSTRAINT "flip_positions_open_tick_id_market_ticks_id_fk" FOREIGN KEY ("open_tick_id") REFERENCES "public"."market_ticks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flip_positions" ADD CONSTRAINT "flip_positions_close_tick_id_market_ticks_id_fk" FOREIGN KEY ("close_tick_id") REFERENCES "public"."market_ticks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flip_rates" ADD CONSTRAINT "flip_rates_symbol_flip_pairs_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."flip_pairs"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flip_rates" ADD CONSTRAINT "flip_rates_seconds_flip_durations_seconds_fk" FOREIGN KEY ("seconds") REFERENCES "public"."flip_durations"("seconds") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flip_tokens" ADD CONSTRAINT "flip_tokens_token_tokens_symbol_fk" FOREIGN KEY ("token") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flip_positions_user_idx" ON "flip_positions" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "flip_positions_due_idx" ON "flip_positions" USING btree ("expires_at") WHERE "flip_positions"."status" = 'open';--> statement-breakpoint
-- Lightning Flip's starting terms (operators change them: flip:config, /api/admin/flip/*).
INSERT INTO "flip_settings" ("id", "max_open_positions", "tolerance_seconds", "updated_at") VALUES (1, 10, 5, now());--> statement-breakpoint
INSERT INTO "flip_tokens" ("token", "min_stake", "max_stake") SELECT "symbol", 1, 10000 FROM "tokens" WHERE "symbol" = 'USDT';--> statement-breakpoint
INSERT INTO "flip_durations" ("seconds") VALUES (30), (60), (180), (300);--> statement-breakpoint
INSERT INTO "flip_pairs" ("symbol") SELECT "symbol" FROM "market_pairs";--> statement-breakpoint
INSERT INTO "flip_rates" ("symbol", "seconds", "payout_rate")
SELECT p."symbol", d."seconds", CASE WHEN d."seconds" < 180 THEN 0.85 ELSE 0.9 END
  FROM "flip_pairs" p CROSS JOIN "flip_durations" d;
