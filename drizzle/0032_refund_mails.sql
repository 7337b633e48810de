CREATE TABLE "refund_mails" (
	"refund_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_mails" ADD CONSTRAINT "refund_mails_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Refunds completed before the shop e-mailed them are not e-mailed now, days later.
INSERT INTO "refund_mails" ("refund_id", "sent_at") SELECT "id", "updated_at" FROM "refunds" WHERE "status" = 'completed';