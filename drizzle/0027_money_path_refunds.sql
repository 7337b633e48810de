CREATE TYPE "public"."refund_part_method" AS ENUM('provider', 'hand');--> statement-breakpoint
CREATE TYPE "public"."refund_part_status" AS ENUM('pending', 'paid', 'refused', 'unknown');--> statement-breakpoint
ALTER TYPE "public"."refund_status" ADD VALUE 'awaiting_provider' BEFORE 'completed';--> statement-breakpoint
CREATE TABLE "refund_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"payment_id" integer,
	"method" "refund_part_method" NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "refund_part_status" DEFAULT 'pending' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_parts_amount_positive" CHECK ("refund_parts"."amount_cents" > 0),
	CONSTRAINT "refund_parts_provider_has_payment" CHECK (("refund_parts"."method" = 'provider') = ("refund_parts"."payment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_allocations" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_parts" ADD CONSTRAINT "refund_parts_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_parts" ADD CONSTRAINT "refund_parts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_parts_refund_idx" ON "refund_parts" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_parts_payment_idx" ON "refund_parts" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "order_allocations" ADD CONSTRAINT "order_allocations_returned_in_range" CHECK ("order_allocations"."returned_quantity" between 0 and "order_allocations"."quantity");--> statement-breakpoint
-- hand-written: the refunds made before parts existed, each as one part (through the order's
-- first approved payment, or by hand for an EFT), with the status it reached.
INSERT INTO "refund_parts" ("refund_id", "payment_id", "method", "amount_cents", "status", "reference", "failure", "created_at", "updated_at")
SELECT r."id",
  CASE WHEN r."method" = 'provider' THEN (
    SELECT p."id" FROM "payments" p
    WHERE p."order_id" = r."order_id" AND p."status" = 'approved'
    ORDER BY p."id" LIMIT 1) END,
  CASE WHEN r."method" = 'provider' THEN 'provider' ELSE 'hand' END::"refund_part_method",
  r."amount_cents",
  CASE r."status" WHEN 'completed' THEN 'paid' WHEN 'failed' THEN 'refused' ELSE 'pending' END::"refund_part_status",
  r."reference", r."failure", r."created_at", r."updated_at"
FROM "refunds" r
WHERE r."method" = 'eft' OR EXISTS (
  SELECT 1 FROM "payments" p WHERE p."order_id" = r."order_id" AND p."status" = 'approved');--> statement-breakpoint
-- hand-written: units already put back on hand (return movements of each order), counted
-- against the allocations they came from, never more than was drawn.
WITH "returned" AS (
  SELECT "order_id", "variant_id", "warehouse_id", sum("quantity") AS "units"
  FROM "stock_movements"
  WHERE "kind" = 'return' AND "order_id" IS NOT NULL
  GROUP BY 1, 2, 3
), "drawn" AS (
  SELECT a."id", a."quantity", r."units",
    coalesce(sum(a."quantity") OVER (
      PARTITION BY l."order_id", a."variant_id", a."warehouse_id" ORDER BY a."id"
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "before"
  FROM "order_allocations" a
  JOIN "order_lines" l ON l."id" = a."order_line_id"
  JOIN "returned" r ON r."order_id" = l."order_id" AND r."variant_id" = a."variant_id"
    AND r."warehouse_id" = a."warehouse_id"
)
UPDATE "order_allocations" o
SET "returned_quantity" = least("drawn"."quantity", greatest("drawn"."units" - "drawn"."before", 0))
FROM "drawn" WHERE o."id" = "drawn"."id";
