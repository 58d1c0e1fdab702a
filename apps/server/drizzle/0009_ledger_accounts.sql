-- Ledger accounts are not "accounts" next to user accounts (issue 17): the table, its sequence, its
-- constraints and its index take the ledger's name. A rename keeps every row, id and posting's
-- foreign key as it was (PostgreSQL follows the table by its oid), so balances move not a cent.
ALTER TABLE "accounts" RENAME TO "ledger_accounts";--> statement-breakpoint
ALTER SEQUENCE "accounts_id_seq" RENAME TO "ledger_accounts_id_seq";--> statement-breakpoint
ALTER TABLE "ledger_accounts" RENAME CONSTRAINT "accounts_pkey" TO "ledger_accounts_pkey";--> statement-breakpoint
ALTER TABLE "ledger_accounts" RENAME CONSTRAINT "accounts_owner_token_key" TO "ledger_accounts_owner_token_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" RENAME CONSTRAINT "accounts_id_token_key" TO "ledger_accounts_id_token_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" RENAME CONSTRAINT "accounts_kind_check" TO "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" RENAME CONSTRAINT "accounts_owner_check" TO "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" RENAME CONSTRAINT "accounts_available_check" TO "ledger_accounts_available_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" RENAME CONSTRAINT "accounts_frozen_check" TO "ledger_accounts_frozen_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" RENAME CONSTRAINT "accounts_user_id_users_id_fk" TO "ledger_accounts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_accounts" RENAME CONSTRAINT "accounts_token_tokens_symbol_fk" TO "ledger_accounts_token_tokens_symbol_fk";--> statement-breakpoint
ALTER INDEX "accounts_user_idx" RENAME TO "ledger_accounts_user_idx";
