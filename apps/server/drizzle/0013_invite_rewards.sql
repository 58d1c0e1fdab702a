CREATE TABLE "invite_reward_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invite_reward_cursor_one_row" CHECK ("invite_reward_cursor"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invite_reward_rules" (
	"kind" text NOT NULL,
	"level" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invite_reward_rules_kind_level_pk" PRIMARY KEY("kind","level"),
	CONSTRAINT "invite_reward_rules_kind_check" CHECK ("invite_reward_rules"."kind" in ('bet', 'profit', 'loss')),
	CONSTRAINT "invite_reward_rules_level_check" CHECK ("invite_reward_rules"."level" in ('self', 'upline')),
	CONSTRAINT "invite_reward_rules_rate_check" CHECK ("invite_reward_rules"."rate" >= 0 and "invite_reward_rules"."rate" <= 0.5)
);
--> statement-breakpoint
CREATE TABLE "invite_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"level" text NOT NULL,
	"game" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint NOT NULL,
	"friend_id" bigint NOT NULL,
	"token" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"movement_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invite_rewards_once" UNIQUE("event_id","level"),
	CONSTRAINT "invite_rewards_level_check" CHECK ("invite_rewards"."level" in ('self', 'upline')),
	CONSTRAINT "invite_rewards_amount_check" CHECK ("invite_rewards"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_event_id_game_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."game_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_token_tokens_symbol_fk" FOREIGN KEY ("token") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_rewards_user_idx" ON "invite_rewards" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "invite_rewards_friend_idx" ON "invite_rewards" USING btree ("user_id","friend_id");--> statement-breakpoint
INSERT INTO "invite_reward_rules" ("kind", "level", "rate", "updated_at") VALUES ('bet', 'self', 0.001, now()), ('bet', 'upline', 0.002, now()), ('profit', 'self', 0, now()), ('profit', 'upline', 0, now()), ('loss', 'self', 0.005, now()), ('loss', 'upline', 0.01, now());--> statement-breakpoint
INSERT INTO "invite_reward_cursor" ("id", "last_event_id", "updated_at") SELECT 1, coalesce(max("id"), 0), now() FROM "game_events";
