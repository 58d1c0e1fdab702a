ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_movement_id_ledger_movements_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_fk";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_id_token_key";--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not generate triggers).
-- Every posting refers to its movement and to an account of its own token, checked once for all
-- the postings a statement wrote (a batch of flip settlements writes thousands; a foreign key looked
-- each one up on its own). The rows they refer to cannot go away: movements are append-only and
-- accounts are never deleted, nor change their id or token.
CREATE FUNCTION "ledger_postings_refer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "added" p
      LEFT JOIN "ledger_movements" m ON m."id" = p."movement_id"
      LEFT JOIN "ledger_accounts" a ON a."id" = p."account_id" AND a."token" = p."token"
     WHERE m."id" IS NULL OR a."id" IS NULL
  ) THEN
    RAISE EXCEPTION 'a ledger posting refers to no movement, or to no account of its token'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_postings_refer" AFTER INSERT ON "ledger_postings"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_postings_refer"();--> statement-breakpoint
CREATE FUNCTION "ledger_accounts_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are kept: % of an account, or of its id or token, is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_kept" BEFORE DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_accounts_kept"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_identity_kept" BEFORE UPDATE OF "id", "token" ON "ledger_accounts"
  FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id" OR OLD."token" IS DISTINCT FROM NEW."token")
  EXECUTE FUNCTION "ledger_accounts_kept"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_accounts_kept"();
