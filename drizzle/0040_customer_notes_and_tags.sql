CREATE TABLE "customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"body" text NOT NULL,
	"author_id" text,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"tag" text NOT NULL,
	"author_id" text,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_email_idx" ON "customer_notes" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_tags_email_tag_idx" ON "customer_tags" USING btree ("email",lower("tag"));--> statement-breakpoint
CREATE INDEX "customer_tags_tag_idx" ON "customer_tags" USING btree (lower("tag"),"email");--> statement-breakpoint
CREATE INDEX "invoices_buyer_email_idx" ON "invoices" USING btree (lower("buyer_email")) WHERE "invoices"."order_id" is null;--> statement-breakpoint
CREATE INDEX "sales_ledger_order_idx" ON "sales_ledger" USING btree ("order_id") WHERE "sales_ledger"."order_id" is not null;