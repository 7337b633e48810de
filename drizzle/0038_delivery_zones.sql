CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"postal_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"towns" text[] DEFAULT '{}'::text[] NOT NULL,
	"provinces" text[] DEFAULT '{}'::text[] NOT NULL,
	"standard_fee_cents" integer NOT NULL,
	"free_from_cents" integer,
	"express_fee_cents" integer,
	"lead_days" integer DEFAULT 3 NOT NULL,
	"weekdays" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL,
	"drops_per_day" integer DEFAULT 8 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_standard_fee" CHECK ("delivery_zones"."standard_fee_cents" >= 0),
	CONSTRAINT "delivery_zones_free_from" CHECK ("delivery_zones"."free_from_cents" is null or "delivery_zones"."free_from_cents" >= 0),
	CONSTRAINT "delivery_zones_express_fee" CHECK ("delivery_zones"."express_fee_cents" is null or "delivery_zones"."express_fee_cents" >= 0),
	CONSTRAINT "delivery_zones_lead_days" CHECK ("delivery_zones"."lead_days" between 0 and 60),
	CONSTRAINT "delivery_zones_drops" CHECK ("delivery_zones"."drops_per_day" between 1 and 500),
	CONSTRAINT "delivery_zones_weekdays" CHECK (cardinality("delivery_zones"."weekdays") > 0 and "delivery_zones"."weekdays" <@ '{1,2,3,4,5,6}'::integer[])
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_zones_name_idx" ON "delivery_zones" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "delivery_zones_active_idx" ON "delivery_zones" USING btree ("active","sort_order");--> statement-breakpoint
ALTER TABLE "delivery_bookings" ADD CONSTRAINT "delivery_bookings_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_days" ADD CONSTRAINT "delivery_days_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE no action ON UPDATE no action;