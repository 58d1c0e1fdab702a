CREATE TABLE "accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"owner" text NOT NULL,
	"user_id" bigint,
	"network" text,
	"token" text NOT NULL,
	"available" numeric(38, 18) DEFAULT '0' NOT NULL,
	"frozen" numeric(38, 18) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "accounts_owner_token_key" UNIQUE("owner","token"),
	CONSTRAINT "accounts_id_token_key" UNIQUE("id","token"),
	CONSTRAINT "accounts_kind_check" CHECK ("accounts"."kind" in ('user', 'vault', 'chain', 'equity')),
	CONSTRAINT "accounts_owner_check" CHECK ("accounts"."owner" = case "accounts"."kind" when 'user' then 'user:' || "accounts"."user_id" when 'chain' then 'chain:' || "accounts"."network" else "accounts"."kind" end
        and ("accounts"."kind" = 'user') = ("accounts"."user_id" is not null)
        and ("accounts"."kind" = 'chain') = ("accounts"."network" is not null)),
	CONSTRAINT "accounts_available_check" CHECK ("accounts"."available" >= 0 or "accounts"."kind" in ('chain', 'equity')),
	CONSTRAINT "accounts_frozen_check" CHECK ("accounts"."frozen" >= 0 and ("accounts"."frozen" = 0 or "accounts"."kind" = 'user'))
);
--> statement-breakpoint
CREATE TABLE "ledger_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" text,
	"memo" text,
	"cause_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_movements_cause_key_unique" UNIQUE("cause_key"),
	CONSTRAINT "ledger_movements_type_check" CHECK ("ledger_movements"."type" in ('deposit', 'withdraw', 'admin_adjust', 'airdrop', 'invite_reward', 'upline_reward', 'game_open_fee', 'game_close_fee', 'close_fee_from_frozen', 'margin_lock', 'margin_unfreeze', 'loss_consumed', 'profit_payout', 'funding_fee', 'fee_refund_vault_short', 'bet_freeze', 'bet_unfreeze', 'settle_pnl', 'flip_bet_freeze', 'flip_refund', 'flip_consume', 'flip_profit_pay', 'default'))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"movement_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"token" text NOT NULL,
	"available_delta" numeric(38, 18) NOT NULL,
	"frozen_delta" numeric(38, 18) NOT NULL,
	"available_after" numeric(38, 18) NOT NULL,
	"frozen_after" numeric(38, 18) NOT NULL,
	CONSTRAINT "ledger_postings_movement_account_key" UNIQUE("movement_id","account_id"),
	CONSTRAINT "ledger_postings_nonzero_check" CHECK ("ledger_postings"."available_delta" <> 0 or "ledger_postings"."frozen_delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "token_networks" (
	"token" text NOT NULL,
	"network" text NOT NULL,
	"contract_address" text,
	"chain_decimals" integer NOT NULL,
	"min_deposit" numeric(38, 18) NOT NULL,
	"confirmations" integer NOT NULL,
	"min_withdrawal" numeric(38, 18) NOT NULL,
	"withdrawal_fee" numeric(38, 18) NOT NULL,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_enabled" boolean DEFAULT true NOT NULL,
	"amount_dp" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "token_networks_token_network_pk" PRIMARY KEY("token","network"),
	CONSTRAINT "token_networks_network_check" CHECK ("token_networks"."network" in ('ERC20', 'BEP20')),
	CONSTRAINT "token_networks_chain_decimals_check" CHECK ("token_networks"."chain_decimals" between 0 and 36),
	CONSTRAINT "token_networks_amount_dp_check" CHECK ("token_networks"."amount_dp" is null or "token_networks"."amount_dp" between 0 and 18),
	CONSTRAINT "token_networks_amounts_check" CHECK ("token_networks"."min_deposit" >= 0 and "token_networks"."min_withdrawal" >= 0 and "token_networks"."withdrawal_fee" >= 0 and "token_networks"."confirmations" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_dp" integer NOT NULL,
	"amount_dp" integer NOT NULL,
	"reference_price" numeric(38, 18) DEFAULT '0' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_symbol_check" CHECK ("tokens"."symbol" ~ '^[A-Z0-9]{1,16}$'),
	CONSTRAINT "tokens_price_dp_check" CHECK ("tokens"."price_dp" between 0 and 18),
	CONSTRAINT "tokens_amount_dp_check" CHECK ("tokens"."amount_dp" between 0 and 18),
	CONSTRAINT "tokens_reference_price_check" CHECK ("tokens"."reference_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_token_tokens_symbol_fk" FOREIGN KEY ("token") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_movement_id_ledger_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."ledger_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_fk" FOREIGN KEY ("account_id","token") REFERENCES "public"."accounts"("id","token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_networks" ADD CONSTRAINT "token_networks_token_tokens_symbol_fk" FOREIGN KEY ("token") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not generate triggers or data).
-- The ledger is append-only: entries are never edited or deleted; a mistake is undone by a new
-- movement (DESIGN §4).
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_movements_append_only" BEFORE UPDATE OR DELETE ON "ledger_movements"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_movements_no_truncate" BEFORE TRUNCATE ON "ledger_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
-- The default tokens (DESIGN §5): USDT on ERC20 and BEP20, and the symbols the market quotes.
-- Decimals follow common exchange practice; reference prices value balances until the market
-- feed supplies live ones.
INSERT INTO "tokens" ("symbol", "name", "price_dp", "amount_dp", "reference_price", "sort") VALUES
  ('USDT', 'Tether USD', 4, 6, 1, 0),
  ('BTC', 'Bitcoin', 2, 6, 65000, 1),
  ('ETH', 'Ethereum', 2, 5, 3500, 2),
  ('BNB', 'BNB', 2, 4, 600, 3),
  ('SOL', 'Solana', 2, 3, 150, 4),
  ('XRP', 'XRP', 4, 1, 0.6, 5),
  ('DOGE', 'Dogecoin', 5, 0, 0.15, 6);--> statement-breakpoint
INSERT INTO "token_networks" ("token", "network", "chain_decimals", "min_deposit", "confirmations", "min_withdrawal", "withdrawal_fee", "sort") VALUES
  ('USDT', 'ERC20', 6, 1, 12, 10, 1, 0),
  ('USDT', 'BEP20', 18, 1, 15, 10, 0.5, 1);
