CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"next_block" bigint NOT NULL,
	"last_block_hash" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"derivation_index" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_addresses_user_id_network_pk" PRIMARY KEY("user_id","network"),
	CONSTRAINT "deposit_addresses_network_address_key" UNIQUE("network","address")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"from_address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"status" text NOT NULL,
	"below_minimum" boolean DEFAULT false NOT NULL,
	"movement_id" bigint,
	"reversal_movement_id" bigint,
	"flag" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "deposits_chain_event_key" UNIQUE("network","tx_hash","log_index"),
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('pending', 'confirming', 'completed', 'failed')),
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hot_wallet_nonces" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hot_wallet_nonces_network_address_pk" PRIMARY KEY("network","address")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"token" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"failure_reason" text,
	"from_address" text,
	"nonce" integer,
	"raw_tx" text,
	"tx_hash" text,
	"block_number" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"broadcast_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "withdrawals_nonce_key" UNIQUE("network","from_address","nonce"),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('reviewing', 'approved', 'processing', 'completed', 'rejected', 'failed')),
	CONSTRAINT "withdrawals_amounts_check" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "worker_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_token_tokens_symbol_fk" FOREIGN KEY ("token") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_token_tokens_symbol_fk" FOREIGN KEY ("token") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status");