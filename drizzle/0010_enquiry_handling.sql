CREATE TYPE "public"."enquiry_status" AS ENUM('new', 'contacted', 'closed');--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD COLUMN "status" "enquiry_status" DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD COLUMN "staff_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" "enquiry_status" DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "staff_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD CONSTRAINT "consultation_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_requests_status_created_idx" ON "consultation_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "consultation_requests_created_idx" ON "consultation_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_created_idx" ON "newsletter_subscribers" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_created_idx" ON "newsletter_subscribers" USING btree ("created_at","id");