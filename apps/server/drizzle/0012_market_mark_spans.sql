CREATE TABLE "market_mark_spans" (
	"from_time" bigint PRIMARY KEY NOT NULL,
	"until_time" bigint NOT NULL,
	CONSTRAINT "market_mark_spans_order_check" CHECK ("market_mark_spans"."until_time" >= "market_mark_spans"."from_time")
);
