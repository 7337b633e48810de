CREATE TYPE "public"."delivery_notice_kind" AS ENUM('booked', 'moved', 'reminder');--> statement-breakpoint
CREATE TABLE "delivery_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" "delivery_notice_kind" NOT NULL,
	"day" date NOT NULL,
	"from_day" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "delivery_notices_once" UNIQUE("order_id","kind","day")
);
--> statement-breakpoint
ALTER TABLE "delivery_notices" ADD CONSTRAINT "delivery_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_notices_unsent_idx" ON "delivery_notices" USING btree ("created_at") WHERE "delivery_notices"."sent_at" is null;