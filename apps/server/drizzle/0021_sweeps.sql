CREATE TABLE "sweeps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sweeps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"network" text NOT NULL,
	"address" text NOT NULL,
	"derivation_index" bigint NOT NULL,
	"hot_wallet" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"last_deposit_id" bigint NOT NULL,
	"status" text NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0),
	"gas_value" numeric(78, 0),
	"gas_nonce" integer,
	"gas_raw_tx" text,
	"gas_tx_hash" text,
	"nonce" integer,
	"raw_tx" text,
	"tx_hash" text,
	"block_number" bigint,
	"gas_cost_wei" numeric(78, 0),
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sweeps_gas_nonce_key" UNIQUE("network","hot_wallet","gas_nonce"),
	CONSTRAINT "sweeps_nonce_key" UNIQUE("network","address","nonce"),
	CONSTRAINT "sweeps_status_check" CHECK ("sweeps"."status" in ('funding', 'sweeping', 'completed', 'failed')),
	CONSTRAINT "sweeps_amount_check" CHECK ("sweeps"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sweeps_under_way_key" ON "sweeps" USING btree ("network","address") WHERE "sweeps"."status" in ('funding', 'sweeping');--> statement-breakpoint
CREATE INDEX "sweeps_status_idx" ON "sweeps" USING btree ("network","status");