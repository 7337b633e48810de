CREATE TYPE "public"."delivery_carrier" AS ENUM('own_truck', 'courier');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'awaiting_quote' BEFORE 'unpaid';--> statement-breakpoint
CREATE TABLE "delivery_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"carrier" "delivery_carrier" NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"quoted_by_id" text,
	"quoted_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_quotes_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "delivery_quotes_amount_positive" CHECK ("delivery_quotes"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_quotes" ADD CONSTRAINT "delivery_quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_quotes" ADD CONSTRAINT "delivery_quotes_quoted_by_id_users_id_fk" FOREIGN KEY ("quoted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;