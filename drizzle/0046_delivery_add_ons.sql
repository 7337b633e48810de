ALTER TABLE "orders" DROP CONSTRAINT "orders_total_adds_up";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_non_negative";--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "removal_fee_cents" integer DEFAULT 25000 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "assembly_fee_cents" integer DEFAULT 35000 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "removal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assembly_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."delivery_cents" + "orders"."removal_cents" + "orders"."assembly_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_non_negative" CHECK ("orders"."discount_cents" >= 0 and "orders"."total_cents" >= 0 and "orders"."removal_cents" >= 0 and "orders"."assembly_cents" >= 0);