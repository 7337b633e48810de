ALTER TABLE "delivery_bookings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_bookings" ADD COLUMN "held_by_address" text;--> statement-breakpoint
ALTER TABLE "delivery_bookings" ADD COLUMN "held_by_device" text;--> statement-breakpoint
CREATE INDEX "delivery_bookings_held_until_idx" ON "delivery_bookings" USING btree ("held_until") WHERE "delivery_bookings"."held_until" is not null;--> statement-breakpoint
-- Unpaid orders' days become holds until their time to pay, as they were held before: from now
-- on a hold is not in the day's count (docs/decisions/039).
UPDATE "delivery_bookings" AS b SET "held_until" = o."pay_by"
  FROM "orders" AS o
  WHERE o."id" = b."order_id" AND o."status" = 'awaiting_payment' AND o."payment_status" = 'unpaid';--> statement-breakpoint
UPDATE "delivery_days" AS d SET "booked" = greatest(d."booked" - h."n", 0)
  FROM (
    SELECT "zone_id", "day", count(*)::int AS "n" FROM "delivery_bookings"
    WHERE "held_until" IS NOT NULL GROUP BY "zone_id", "day"
  ) AS h
  WHERE d."zone_id" = h."zone_id" AND d."day" = h."day";
