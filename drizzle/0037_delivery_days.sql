CREATE TYPE "public"."delivery_booking_kind" AS ENUM('standard', 'express');--> statement-breakpoint
CREATE TABLE "delivery_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" "delivery_booking_kind" DEFAULT 'standard' NOT NULL,
	"layby_plan_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_bookings_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_days" (
	"zone_id" integer NOT NULL,
	"day" date NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_days_zone_id_day_pk" PRIMARY KEY("zone_id","day"),
	CONSTRAINT "delivery_days_within_capacity" CHECK ("delivery_days"."booked" <= "delivery_days"."capacity"),
	CONSTRAINT "delivery_days_booked_not_negative" CHECK ("delivery_days"."booked" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_bookings" ADD CONSTRAINT "delivery_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_bookings" ADD CONSTRAINT "delivery_bookings_layby_plan_id_layby_plans_id_fk" FOREIGN KEY ("layby_plan_id") REFERENCES "public"."layby_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_bookings_zone_day_idx" ON "delivery_bookings" USING btree ("zone_id","day");