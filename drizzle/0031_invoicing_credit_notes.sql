ALTER TABLE "orders" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "paid_back_by" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "paid_back_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "warehouse_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Notes issued before the seller was kept on them printed the invoice's seller: keep that.
UPDATE "credit_notes" SET "seller" = "invoices"."seller" FROM "invoices" WHERE "invoices"."id" = "credit_notes"."invoice_id" AND "credit_notes"."seller" IS NULL;
