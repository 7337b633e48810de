ALTER TYPE "public"."ledger_kind" ADD VALUE 'interest_paid';--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "layby_interest_basis_points" integer DEFAULT 1175 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "closed_days" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "layby_plan_id" integer;--> statement-breakpoint
ALTER TABLE "layby_plans" ADD COLUMN "interest_cents" integer;--> statement-breakpoint
ALTER TABLE "layby_plans" ADD COLUMN "interest_basis_points" integer;--> statement-breakpoint
ALTER TABLE "refund_parts" ADD COLUMN "interest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_layby_plan_id_layby_plans_id_fk" FOREIGN KEY ("layby_plan_id") REFERENCES "public"."layby_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_layby_plan_id_unique" UNIQUE("layby_plan_id");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_layby_interest" CHECK ("store_settings"."layby_interest_basis_points" between 0 and 5000);--> statement-breakpoint
ALTER TABLE "refund_parts" ADD CONSTRAINT "refund_parts_interest_by_hand" CHECK (not "refund_parts"."interest" or "refund_parts"."method" = 'hand');