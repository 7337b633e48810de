ALTER TABLE "order_lines" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_returned_within_credited" CHECK ("order_lines"."returned_quantity" between 0 and "order_lines"."credited_quantity");--> statement-breakpoint
-- hand-written: what completed refunds that restocked their goods brought back so far (an
-- order's invoice numbers its goods lines 0.. in the order's line order, as in 0054).
UPDATE "order_lines" l SET "returned_quantity" = least(l."credited_quantity", c."qty")
FROM (
  SELECT ol."id", sum((x->>'quantity')::int) AS "qty"
  FROM "refunds" r
  CROSS JOIN LATERAL jsonb_array_elements(r."lines") x
  JOIN (
    SELECT "id", "order_id",
      row_number() OVER (PARTITION BY "order_id" ORDER BY "position", "id") - 1 AS "pos"
    FROM "order_lines"
  ) ol ON ol."order_id" = r."order_id" AND ol."pos" = (x->>'position')::int
  WHERE r."kind"::text = 'order' AND r."status"::text = 'completed' AND r."restocked"
  GROUP BY ol."id"
) c
WHERE c."id" = l."id";
