CREATE TYPE "public"."province" AS ENUM('EC', 'FS', 'GP', 'KZN', 'LP', 'MP', 'NC', 'NW', 'WC');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "complex" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "suburb" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "province" "province";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_mobile" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "complex" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "suburb" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "province" "province";--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "delivery_mobile" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "access_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written
-- An old address in the shop's own town, or with its postal code, is in the shop's province: the
-- one province that can be read without guessing. Every other old row keeps none, and is printed
-- without one until the shopper or staff give it.
UPDATE "orders" AS o SET "province" = s."code"::"province"
FROM (
  SELECT lower(trim("town")) AS "town", trim("postal_code") AS "postal",
    CASE regexp_replace(lower("province"), '[^a-z]', '', 'g')
      WHEN 'easterncape' THEN 'EC' WHEN 'freestate' THEN 'FS' WHEN 'gauteng' THEN 'GP'
      WHEN 'kwazulunatal' THEN 'KZN' WHEN 'limpopo' THEN 'LP' WHEN 'mpumalanga' THEN 'MP'
      WHEN 'northerncape' THEN 'NC' WHEN 'northwest' THEN 'NW' WHEN 'westerncape' THEN 'WC'
    END AS "code"
  FROM "store_settings" WHERE "id" = 1
) AS s
WHERE s."code" IS NOT NULL AND o."province" IS NULL
  AND ((s."town" <> '' AND lower(trim(o."city")) = s."town")
    OR (s."postal" ~ '^\d{4}$' AND trim(o."postal_code") = s."postal"));--> statement-breakpoint
UPDATE "customer_addresses" AS a SET "province" = s."code"::"province"
FROM (
  SELECT lower(trim("town")) AS "town", trim("postal_code") AS "postal",
    CASE regexp_replace(lower("province"), '[^a-z]', '', 'g')
      WHEN 'easterncape' THEN 'EC' WHEN 'freestate' THEN 'FS' WHEN 'gauteng' THEN 'GP'
      WHEN 'kwazulunatal' THEN 'KZN' WHEN 'limpopo' THEN 'LP' WHEN 'mpumalanga' THEN 'MP'
      WHEN 'northerncape' THEN 'NC' WHEN 'northwest' THEN 'NW' WHEN 'westerncape' THEN 'WC'
    END AS "code"
  FROM "store_settings" WHERE "id" = 1
) AS s
WHERE s."code" IS NOT NULL AND a."province" IS NULL
  AND ((s."town" <> '' AND lower(trim(a."city")) = s."town")
    OR (s."postal" ~ '^\d{4}$' AND trim(a."postal_code") = s."postal"));
