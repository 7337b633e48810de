DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
DROP INDEX "orders_email_paid_at_idx";--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","total_cents","vat_cents","id") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_email_paid_at_idx" ON "orders" USING btree ("email","paid_at") WHERE "orders"."paid_at" is not null;