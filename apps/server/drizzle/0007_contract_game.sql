CREATE TABLE "game_pairs" (
	"symbol" text PRIMARY KEY NOT NULL,
	"margin_token" text NOT NULL,
	"max_leverage" integer NOT NULL,
	"open_fee_rate" numeric(38, 18) NOT NULL,
	"close_fee_rate" numeric(38, 18) NOT NULL,
	"funding_rate" numeric(38, 18) NOT NULL,
	"funding_interval_seconds" integer NOT NULL,
	"mmr" numeric(38, 18) NOT NULL,
	"min_margin" numeric(38, 18) NOT NULL,
	"max_margin" numeric(38, 18) NOT NULL,
	"profit_cap_multiple" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_pairs_leverage_check" CHECK ("game_pairs"."max_leverage" between 1 and 1000),
	CONSTRAINT "game_pairs_margin_check" CHECK ("game_pairs"."min_margin" > 0 and "game_pairs"."max_margin" >= "game_pairs"."min_margin")
);
--> statement-breakpoint
CREATE TABLE "game_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"margin_token" text NOT NULL,
	"side" text NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"notional" numeric(38, 18) NOT NULL,
	"entry_price" numeric(38, 18) NOT NULL,
	"open_tick_id" bigint NOT NULL,
	"open_fee" numeric(38, 18) NOT NULL,
	"close_fee_rate" numeric(38, 18) NOT NULL,
	"funding_rate" numeric(38, 18) NOT NULL,
	"funding_interval_seconds" integer NOT NULL,
	"mmr" numeric(38, 18) NOT NULL,
	"profit_cap_multiple" numeric(38, 18) NOT NULL,
	"funding_paid" numeric(38, 18) NOT NULL,
	"next_funding_at" timestamp with time zone NOT NULL,
	"take_profit" numeric(38, 18),
	"stop_loss" numeric(38, 18),
	"status" text NOT NULL,
	"close_reason" text,
	"close_price" numeric(38, 18),
	"close_tick_id" bigint,
	"pnl" numeric(38, 18),
	"close_fee" numeric(38, 18),
	"profit_unpaid" numeric(38, 18),
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "game_positions_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "game_positions_side_check" CHECK ("game_positions"."side" in ('long', 'short')),
	CONSTRAINT "game_positions_status_check" CHECK ("game_positions"."status" in ('open', 'closed')),
	CONSTRAINT "game_positions_reason_check" CHECK ("game_positions"."close_reason" is null or "game_positions"."close_reason" in ('manual', 'take_profit', 'stop_loss', 'liquidation', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "game_pairs" ADD CONSTRAINT "game_pairs_symbol_market_pairs_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."market_pairs"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_pairs" ADD CONSTRAINT "game_pairs_margin_token_tokens_symbol_fk" FOREIGN KEY ("margin_token") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_positions" ADD CONSTRAINT "game_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_positions" ADD CONSTRAINT "game_positions_symbol_game_pairs_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."game_pairs"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_positions" ADD CONSTRAINT "game_positions_open_tick_id_market_ticks_id_fk" FOREIGN KEY ("open_tick_id") REFERENCES "public"."market_ticks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_positions" ADD CONSTRAINT "game_positions_close_tick_id_market_ticks_id_fk" FOREIGN KEY ("close_tick_id") REFERENCES "public"."market_ticks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_positions_user_idx" ON "game_positions" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "game_positions_open_idx" ON "game_positions" USING btree ("status","symbol");--> statement-breakpoint
INSERT INTO "game_pairs" ("symbol", "margin_token", "max_leverage", "open_fee_rate", "close_fee_rate", "funding_rate", "funding_interval_seconds", "mmr", "min_margin", "max_margin", "profit_cap_multiple", "updated_at") VALUES
  ('BTCUSDT', 'USDT', 1000, 0.0005, 0.0005, 0.0001, 28800, 0.0005, 1, 100000, 10, now()),
  ('ETHUSDT', 'USDT', 1000, 0.0005, 0.0005, 0.0001, 28800, 0.0005, 1, 100000, 10, now()),
  ('BNBUSDT', 'USDT', 500, 0.0006, 0.0006, 0.0001, 28800, 0.001, 1, 50000, 10, now()),
  ('SOLUSDT', 'USDT', 500, 0.0006, 0.0006, 0.0001, 28800, 0.001, 1, 50000, 10, now()),
  ('XRPUSDT', 'USDT', 200, 0.0008, 0.0008, 0.0001, 28800, 0.004, 1, 20000, 10, now()),
  ('DOGEUSDT', 'USDT', 200, 0.0008, 0.0008, 0.0001, 28800, 0.004, 1, 20000, 10, now());
