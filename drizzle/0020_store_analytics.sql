ALTER TABLE "store_settings" ADD COLUMN "analytics_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "analytics_script_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "analytics_domain" text DEFAULT '' NOT NULL;