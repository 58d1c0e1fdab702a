CREATE TABLE "market_candles" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"time" bigint NOT NULL,
	"open" numeric(38, 18) NOT NULL,
	"high" numeric(38, 18) NOT NULL,
	"low" numeric(38, 18) NOT NULL,
	"close" numeric(38, 18) NOT NULL,
	"volume" numeric(38, 18) NOT NULL,
	CONSTRAINT "market_candles_symbol_interval_time_pk" PRIMARY KEY("symbol","interval","time"),
	CONSTRAINT "market_candles_interval_check" CHECK ("market_candles"."interval" in ('1s', '1m', '5m', '15m'))
);
--> statement-breakpoint
CREATE TABLE "market_pairs" (
	"symbol" text PRIMARY KEY NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "market_pairs_symbol_check" CHECK ("market_pairs"."symbol" ~ '^[A-Z0-9]{2,20}$')
);
--> statement-breakpoint
ALTER TABLE "market_pairs" ADD CONSTRAINT "market_pairs_base_tokens_symbol_fk" FOREIGN KEY ("base") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "market_pairs" ("symbol", "base", "quote", "sort") VALUES
  ('BTCUSDT', 'BTC', 'USDT', 1),
  ('ETHUSDT', 'ETH', 'USDT', 2),
  ('BNBUSDT', 'BNB', 'USDT', 3),
  ('SOLUSDT', 'SOL', 'USDT', 4),
  ('XRPUSDT', 'XRP', 'USDT', 5),
  ('DOGEUSDT', 'DOGE', 'USDT', 6);
