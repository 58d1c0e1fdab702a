CREATE TABLE "game_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"game" text NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"usdt_value" numeric(38, 18),
	"ref_type" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_events_once" UNIQUE("ref_type","ref_id","kind"),
	CONSTRAINT "game_events_game_check" CHECK ("game_events"."game" in ('flip', 'contract')),
	CONSTRAINT "game_events_kind_check" CHECK ("game_events"."kind" in ('bet', 'profit', 'loss')),
	CONSTRAINT "game_events_amount_check" CHECK ("game_events"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_turnover" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"usdt" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_token_tokens_symbol_fk" FOREIGN KEY ("token") REFERENCES "public"."tokens"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_turnover" ADD CONSTRAINT "user_turnover_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_events_user_idx" ON "game_events" USING btree ("user_id","id");