ALTER TABLE "store_settings" ADD COLUMN "payfast_merchant_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "payfast_merchant_key_encrypted" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "payfast_passphrase_encrypted" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "payfast_mode" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "payflex_client_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "payflex_client_secret_encrypted" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "payflex_mode" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bank_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bank_account_holder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bank_account_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bank_branch_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bank_account_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_payfast_mode" CHECK ("store_settings"."payfast_mode" in ('sandbox', 'live'));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_payflex_mode" CHECK ("store_settings"."payflex_mode" in ('sandbox', 'live'));