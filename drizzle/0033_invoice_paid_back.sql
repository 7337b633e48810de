ALTER TYPE "public"."ledger_kind" ADD VALUE 'invoice_paid_back';--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "pay_back_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "paid_back_at" timestamp with time zone;--> statement-breakpoint
-- hand-written
-- A note that recorded how the money went back was paid back when it was issued. (Its ledger cash row cannot be written here: a value added to an enum cannot be used in the transaction that adds it, see docs/decisions/029.)
UPDATE "credit_notes" SET "pay_back_due" = true, "paid_back_at" = "created_at" WHERE "paid_back_by" IS NOT NULL;
