CREATE TABLE "withdraw_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdraw_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"label" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdraw_addresses_user_network_address_key" UNIQUE("user_id","network","address"),
	CONSTRAINT "withdraw_addresses_network_check" CHECK ("withdraw_addresses"."network" in ('ERC20', 'BEP20')),
	CONSTRAINT "withdraw_addresses_label_check" CHECK (char_length("withdraw_addresses"."label") between 1 and 20),
	CONSTRAINT "withdraw_addresses_address_check" CHECK ("withdraw_addresses"."address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "withdraw_addresses" ADD CONSTRAINT "withdraw_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdraw_addresses_user_idx" ON "withdraw_addresses" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('reviewing', 'approved', 'processing', 'completed', 'rejected', 'failed', 'cancelled'));