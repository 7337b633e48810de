ALTER TABLE "products" ADD COLUMN "size_mask" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "variant_sizes";