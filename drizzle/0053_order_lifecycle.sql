-- An order's stage (docs/decisions/050): the old statuses are read with what they stood beside.
DROP INDEX "orders_unpaid_pay_by_idx";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
-- hand-written: each order's stage (enum values read as text: the migrations before may have
-- added them in the same transaction, where PostgreSQL refuses to use them) from its old status, money state, lay-by, run and proof.
UPDATE "orders" o SET "status" = CASE
  WHEN o."status" = 'cancelled' THEN 'cancelled'
  WHEN o."status" = 'completed' THEN 'delivered'
  WHEN o."payment_status"::text IN ('paid', 'partially_refunded') THEN
    CASE WHEN EXISTS (
      SELECT 1 FROM "delivery_bookings" b JOIN "delivery_run_stops" s ON s."booking_id" = b."id"
      WHERE b."order_id" = o."id" AND s."out_for_delivery_at" IS NOT NULL
    ) THEN 'out_for_delivery' ELSE 'to_deliver' END
  WHEN o."payment_status"::text = 'refunded' THEN 'cancelled'
  WHEN EXISTS (SELECT 1 FROM "layby_plans" p WHERE p."order_id" = o."id") THEN 'layby'
  ELSE 'awaiting_payment'
END;--> statement-breakpoint
UPDATE "orders" SET "cancelled_at" = "updated_at" WHERE "status" = 'cancelled' AND "cancelled_at" IS NULL;--> statement-breakpoint
DROP TYPE "public"."order_status";--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('awaiting_payment', 'layby', 'to_deliver', 'out_for_delivery', 'delivered', 'cancelled');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'awaiting_payment'::"public"."order_status";--> statement-breakpoint
CREATE INDEX "orders_unpaid_pay_by_idx" ON "orders" USING btree ("pay_by") WHERE "orders"."payment_status" = 'unpaid' and "orders"."status" in ('awaiting_payment', 'layby');
