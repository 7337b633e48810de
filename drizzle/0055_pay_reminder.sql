ALTER TABLE "orders" ADD COLUMN "pay_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: orders placed before this were e-mailed how to pay when they were placed.
UPDATE "orders" SET "pay_reminder_sent_at" = "created_at";
