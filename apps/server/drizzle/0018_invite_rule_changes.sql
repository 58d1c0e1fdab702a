CREATE TABLE "invite_reward_rule_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_reward_rule_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"level" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"after_event_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invite_reward_rule_changes_kind_check" CHECK ("invite_reward_rule_changes"."kind" in ('bet', 'profit', 'loss')),
	CONSTRAINT "invite_reward_rule_changes_level_check" CHECK ("invite_reward_rule_changes"."level" in ('self', 'upline')),
	CONSTRAINT "invite_reward_rule_changes_rate_check" CHECK ("invite_reward_rule_changes"."rate" >= 0 and "invite_reward_rule_changes"."rate" <= 0.5)
);
--> statement-breakpoint
-- The rates in force until now count for every game event, those already waiting included.
INSERT INTO "invite_reward_rule_changes" ("kind", "level", "rate", "after_event_id", "created_at") SELECT "kind", "level", "rate", 0, now() FROM "invite_reward_rules";
