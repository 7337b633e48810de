-- hand-written: order numbers come from the "order" row of document_counters, not from a
-- sequence. The row is updated by the order's insert, inside its transaction, so an order
-- refused after it (a day just full, a code, stock, the caps on unpaid orders) gives its number
-- back with the rollback; a sequence keeps what it handed out, and left gaps. A second order
-- placed meanwhile waits for the first to commit or roll back (as invoices' numbers do).
CREATE FUNCTION next_order_number() RETURNS integer LANGUAGE sql VOLATILE AS $$
  INSERT INTO document_counters (name, last_value) VALUES ('order', 1001)
  ON CONFLICT (name) DO UPDATE SET last_value = document_counters.last_value + 1
  RETURNING last_value
$$;--> statement-breakpoint
-- The next order follows the last one placed; numbers the sequence gave to refused orders are
-- not skipped. Without orders the first is 1001, as before.
INSERT INTO document_counters (name, last_value)
  SELECT 'order', max("number") FROM "orders" HAVING max("number") IS NOT NULL
  ON CONFLICT (name) DO UPDATE SET last_value = greatest(document_counters.last_value, excluded.last_value);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT next_order_number();--> statement-breakpoint
DROP SEQUENCE "public"."order_number_seq";
