CREATE TYPE "public"."refund_kind" AS ENUM('order', 'layby', 'payment');--> statement-breakpoint
CREATE TYPE "public"."layby_charge_rule" AS ENUM('charge', 'hospitalisation_or_death', 'shop_cannot_supply');--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "kind" "refund_kind" DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "layby_plans" ADD COLUMN "charge_rule" "layby_charge_rule" DEFAULT 'charge' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_plan_id_layby_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."layby_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_plan_idx" ON "refunds" USING btree ("plan_id") WHERE "refunds"."plan_id" is not null;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_has_invoice" CHECK ("refunds"."kind" <> 'order' or "refunds"."invoice_id" is not null);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_layby_has_plan" CHECK (("refunds"."kind" = 'layby') = ("refunds"."plan_id" is not null));
--> statement-breakpoint
-- hand-written
-- A staff cancellation that waived the charge did so for hospitalisation or death.
UPDATE "layby_plans" SET "charge_rule" = 'hospitalisation_or_death' WHERE "charge_waived";--> statement-breakpoint
-- Each cancelled plan's layby_refunds rows become one refund of kind layby, one part per row.
ALTER TABLE "refund_parts" ADD COLUMN "layby_refund_id" integer;--> statement-breakpoint
INSERT INTO "refunds" ("kind", "order_id", "plan_id", "method", "provider", "amount_cents", "reason", "reference", "failure", "status", "created_by", "created_at", "updated_at")
SELECT 'layby', lp."order_id", lp."id",
  (CASE WHEN bool_or(p."id" IS NOT NULL) THEN 'provider' ELSE 'eft' END)::"refund_method",
  (array_agg(p."provider"::text ORDER BY lr."id") FILTER (WHERE p."id" IS NOT NULL))[1],
  sum(lr."amount_cents")::int,
  'Lay-by cancelled',
  coalesce(string_agg(nullif(lr."reference", ''), ', ' ORDER BY lr."id") FILTER (WHERE lr."status" = 'completed'), ''),
  (CASE WHEN bool_and(lr."status" = 'completed') THEN '' ELSE coalesce(string_agg(nullif(lr."failure", ''), ' ' ORDER BY lr."id"), '') END),
  (CASE WHEN bool_and(lr."status" = 'completed') THEN 'completed' ELSE 'awaiting_provider' END)::"refund_status",
  min(lr."created_by"), min(lr."created_at"), max(lr."updated_at")
FROM "layby_refunds" lr
JOIN "layby_plans" lp ON lp."id" = lr."plan_id"
LEFT JOIN "payments" p ON p."id" = lr."payment_id" AND lr."method" = 'provider'
GROUP BY lp."id", lp."order_id"
ORDER BY lp."id";--> statement-breakpoint
INSERT INTO "refund_parts" ("refund_id", "payment_id", "method", "amount_cents", "status", "reference", "failure", "created_at", "updated_at", "layby_refund_id")
SELECT r."id",
  (CASE WHEN lr."method" = 'provider' THEN lr."payment_id" END),
  (CASE WHEN lr."method" = 'provider' AND lr."payment_id" IS NOT NULL THEN 'provider' ELSE 'hand' END)::"refund_part_method",
  lr."amount_cents",
  (CASE WHEN lr."status" = 'completed' THEN 'paid'
        WHEN lr."status" = 'failed' THEN 'refused'
        WHEN lr."method" = 'provider' AND lr."payment_id" IS NOT NULL THEN 'unknown'
        ELSE 'pending' END)::"refund_part_status",
  -- A part not paid yet keeps the reference its provider was asked under.
  (CASE WHEN lr."status" <> 'completed' AND lr."method" = 'provider' AND lr."payment_id" IS NOT NULL
        THEN 'LB-' || lr."id" ELSE lr."reference" END),
  (CASE WHEN lr."status" = 'pending' AND lr."method" = 'provider' AND lr."payment_id" IS NOT NULL AND lr."failure" = ''
        THEN 'the shop stopped before the provider answered' ELSE lr."failure" END),
  lr."created_at", lr."updated_at", lr."id"
FROM "layby_refunds" lr
JOIN "refunds" r ON r."kind" = 'layby' AND r."plan_id" = lr."plan_id"
ORDER BY lr."id";--> statement-breakpoint
-- The ledger's lay-by pay-outs now name the refund part (negative first: no key is taken twice).
UPDATE "sales_ledger" sl SET "source_id" = -rp."id"
FROM "refund_parts" rp
WHERE sl."kind" = 'layby_refund_paid' AND rp."layby_refund_id" = sl."source_id";--> statement-breakpoint
UPDATE "sales_ledger" SET "source_id" = -"source_id" WHERE "kind" = 'layby_refund_paid' AND "source_id" < 0;--> statement-breakpoint
ALTER TABLE "refund_parts" DROP COLUMN "layby_refund_id";--> statement-breakpoint
DROP TABLE "layby_refunds" CASCADE;--> statement-breakpoint
ALTER TABLE "layby_plans" DROP COLUMN "charge_waived";--> statement-breakpoint
DROP TYPE "public"."layby_refund_method";--> statement-breakpoint
DROP TYPE "public"."layby_refund_status";
