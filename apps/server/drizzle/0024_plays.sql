CREATE TABLE "play_feed_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"show_amounts" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_feed_settings" ADD CONSTRAINT "play_feed_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;