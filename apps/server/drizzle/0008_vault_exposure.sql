CREATE TABLE "vault_exposure" (
	"token" text PRIMARY KEY NOT NULL,
	"owed" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vault_exposure" ADD CONSTRAINT "vault_exposure_token_tokens_symbol_fk" FOREIGN KEY ("token") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An existing database starts with what its open positions could win: every token's total now.
INSERT INTO "vault_exposure" ("token", "owed")
SELECT t."symbol", coalesce(sum(p."margin" * p."profit_cap_multiple"), 0)
  FROM "tokens" t
  LEFT JOIN "game_positions" p ON p."margin_token" = t."symbol" AND p."status" = 'open'
 GROUP BY t."symbol";
