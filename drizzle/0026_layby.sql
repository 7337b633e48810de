CREATE TYPE "public"."layby_cancel_reason" AS ENUM('shopper', 'staff', 'lapsed', 'unpaid_deposit');--> statement-breakpoint
CREATE TYPE "public"."layby_refund_method" AS ENUM('provider', 'cash');--> statement-breakpoint
CREATE TYPE "public"."layby_refund_status" AS ENUM('pending', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."layby_status" AS ENUM('awaiting_deposit', 'active', 'completed', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'partially_paid' BEFORE 'paid';--> statement-breakpoint
CREATE TABLE "layby_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"due_day" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_id" integer,
	"recorded_by" text,
	"showroom_reference" text,
	"reminded_at" timestamp with time zone,
	"missed_notice_at" timestamp with time zone,
	CONSTRAINT "layby_instalments_amount_positive" CHECK ("layby_instalments"."amount_cents" > 0),
	CONSTRAINT "layby_instalments_number_range" CHECK ("layby_instalments"."number" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "layby_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" "layby_status" DEFAULT 'awaiting_deposit' NOT NULL,
	"deposit_cents" integer NOT NULL,
	"months" smallint NOT NULL,
	"charge_basis_points" smallint NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"lapse_day" date NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" "layby_cancel_reason",
	"charge_waived" boolean DEFAULT false NOT NULL,
	"charge_cents" integer,
	"refund_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "layby_plans_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "layby_plans_months_range" CHECK ("layby_plans"."months" between 1 and 6),
	CONSTRAINT "layby_plans_charge_cap" CHECK ("layby_plans"."charge_basis_points" between 0 and 100),
	CONSTRAINT "layby_plans_deposit_positive" CHECK ("layby_plans"."deposit_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "layby_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"payment_id" integer,
	"method" "layby_refund_method" NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "layby_refund_status" DEFAULT 'pending' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "layby_refunds_amount_positive" CHECK ("layby_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "layby_min_deposit_cents" integer DEFAULT 60000 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "layby_charge_basis_points" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "instalment_id" integer;--> statement-breakpoint
ALTER TABLE "layby_instalments" ADD CONSTRAINT "layby_instalments_plan_id_layby_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."layby_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layby_instalments" ADD CONSTRAINT "layby_instalments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layby_plans" ADD CONSTRAINT "layby_plans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layby_refunds" ADD CONSTRAINT "layby_refunds_plan_id_layby_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."layby_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layby_refunds" ADD CONSTRAINT "layby_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "layby_instalments_plan_number_idx" ON "layby_instalments" USING btree ("plan_id","number");--> statement-breakpoint
CREATE INDEX "layby_instalments_unpaid_due_idx" ON "layby_instalments" USING btree ("due_day") WHERE "layby_instalments"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "layby_plans_status_idx" ON "layby_plans" USING btree ("status","lapse_day");--> statement-breakpoint
CREATE INDEX "layby_refunds_plan_idx" ON "layby_refunds" USING btree ("plan_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_instalment_id_layby_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."layby_instalments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_instalment_idx" ON "payments" USING btree ("instalment_id");