CREATE TABLE "vip_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"min_turnover" numeric(38, 18) NOT NULL,
	"reward_bonus" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_levels_level_check" CHECK ("vip_levels"."level" >= 0 and "vip_levels"."level" <= 20),
	CONSTRAINT "vip_levels_min_check" CHECK ("vip_levels"."min_turnover" >= 0),
	CONSTRAINT "vip_levels_bonus_check" CHECK ("vip_levels"."reward_bonus" >= 0 and "vip_levels"."reward_bonus" <= 1)
);
--> statement-breakpoint
INSERT INTO "vip_levels" ("level", "min_turnover", "reward_bonus", "updated_at") VALUES (0, 0, 0, now()), (1, 1000, 0.1, now()), (2, 10000, 0.2, now()), (3, 50000, 0.3, now()), (4, 200000, 0.4, now()), (5, 1000000, 0.5, now());
