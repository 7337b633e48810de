CREATE TABLE "layby_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"payment_id" integer,
	"recorded_by" text,
	"showroom_reference" text,
	CONSTRAINT "layby_payments_amount_positive" CHECK ("layby_payments"."amount_cents" > 0),
	CONSTRAINT "layby_payments_online_or_showroom" CHECK (("layby_payments"."payment_id" is not null) <> ("layby_payments"."showroom_reference" is not null and "layby_payments"."recorded_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "layby_instalments" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "layby_payments" ADD CONSTRAINT "layby_payments_plan_id_layby_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."layby_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layby_payments" ADD CONSTRAINT "layby_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "layby_payments_plan_idx" ON "layby_payments" USING btree ("plan_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "layby_payments_payment_idx" ON "layby_payments" USING btree ("payment_id") WHERE "layby_payments"."payment_id" is not null;
--> statement-breakpoint
-- hand-written
-- Before part payments every paid instalment was paid in full by one payment: each becomes a
-- payment received, online (its payment) or at the showroom (its receipt and who recorded it).
ALTER TABLE "layby_payments" ADD COLUMN "instalment_id" integer;--> statement-breakpoint
INSERT INTO "layby_payments" ("plan_id", "amount_cents", "received_at", "payment_id", "recorded_by", "showroom_reference", "instalment_id")
SELECT n."plan_id", n."amount_cents", n."paid_at", n."payment_id",
  (CASE WHEN n."payment_id" IS NULL THEN coalesce(n."recorded_by", 'unknown') END),
  (CASE WHEN n."payment_id" IS NULL THEN coalesce(n."showroom_reference", '') END),
  n."id"
FROM "layby_instalments" n
WHERE n."paid_at" IS NOT NULL
ORDER BY n."paid_at", n."id";--> statement-breakpoint
UPDATE "layby_instalments" SET "paid_cents" = "amount_cents" WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
-- The ledger's showroom rows now name the payment received (negative first: no key is taken twice).
UPDATE "sales_ledger" sl SET "source_id" = -lp."id"
FROM "layby_payments" lp
WHERE sl."kind" = 'showroom_payment' AND lp."instalment_id" = sl."source_id";--> statement-breakpoint
UPDATE "sales_ledger" SET "source_id" = -"source_id" WHERE "kind" = 'showroom_payment' AND "source_id" < 0;--> statement-breakpoint
ALTER TABLE "layby_payments" DROP COLUMN "instalment_id";--> statement-breakpoint
ALTER TABLE "layby_instalments" DROP CONSTRAINT "layby_instalments_payment_id_payments_id_fk";--> statement-breakpoint
ALTER TABLE "layby_instalments" DROP COLUMN "payment_id";--> statement-breakpoint
ALTER TABLE "layby_instalments" DROP COLUMN "recorded_by";--> statement-breakpoint
ALTER TABLE "layby_instalments" DROP COLUMN "showroom_reference";--> statement-breakpoint
ALTER TABLE "layby_instalments" ADD CONSTRAINT "layby_instalments_paid_range" CHECK ("layby_instalments"."paid_cents" between 0 and "layby_instalments"."amount_cents" and ("layby_instalments"."paid_at" is not null) = ("layby_instalments"."paid_cents" = "layby_instalments"."amount_cents"));
