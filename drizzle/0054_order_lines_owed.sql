ALTER TABLE "order_lines" ADD COLUMN "credited_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivered_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "removal_credited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assembly_credited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_credited_within_quantity" CHECK ("order_lines"."credited_quantity" between 0 and "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_delivered_within_quantity" CHECK ("order_lines"."delivered_quantity" between 0 and "order_lines"."quantity");--> statement-breakpoint
-- hand-written: what completed refunds credited so far. An order's invoice numbers its goods
-- lines 0.. in the order's line order, then delivery and the add-ons by their descriptions.
UPDATE "order_lines" l SET "credited_quantity" = least(l."quantity", c."qty")
FROM (
  SELECT ol."id", sum((x->>'quantity')::int) AS "qty"
  FROM "refunds" r
  CROSS JOIN LATERAL jsonb_array_elements(r."lines") x
  JOIN (
    SELECT "id", "order_id",
      row_number() OVER (PARTITION BY "order_id" ORDER BY "position", "id") - 1 AS "pos"
    FROM "order_lines"
  ) ol ON ol."order_id" = r."order_id" AND ol."pos" = (x->>'position')::int
  WHERE r."kind"::text = 'order' AND r."status"::text = 'completed'
  GROUP BY ol."id"
) c
WHERE c."id" = l."id";--> statement-breakpoint
UPDATE "orders" o SET
  "removal_credited" = EXISTS (
    SELECT 1 FROM "refunds" r
    CROSS JOIN LATERAL jsonb_array_elements(r."lines") x
    JOIN "invoice_lines" il ON il."invoice_id" = r."invoice_id" AND il."position" = (x->>'position')::int
    WHERE r."order_id" = o."id" AND r."kind"::text = 'order' AND r."status"::text = 'completed'
      AND il."variant_id" IS NULL AND il."description" = 'Take away old mattress or bed'),
  "assembly_credited" = EXISTS (
    SELECT 1 FROM "refunds" r
    CROSS JOIN LATERAL jsonb_array_elements(r."lines") x
    JOIN "invoice_lines" il ON il."invoice_id" = r."invoice_id" AND il."position" = (x->>'position')::int
    WHERE r."order_id" = o."id" AND r."kind"::text = 'order' AND r."status"::text = 'completed'
      AND il."variant_id" IS NULL AND il."description" = 'Assemble new bed')
WHERE o."removal_cents" > 0 OR o."assembly_cents" > 0;--> statement-breakpoint
-- Delivered orders handed over what was left of each line.
UPDATE "order_lines" l SET "delivered_quantity" = l."quantity" - l."credited_quantity"
FROM "orders" o WHERE o."id" = l."order_id" AND o."status"::text = 'delivered';
