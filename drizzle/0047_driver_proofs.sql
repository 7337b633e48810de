CREATE TYPE "public"."delivery_outcome" AS ENUM('delivered', 'not_delivered');--> statement-breakpoint
CREATE TYPE "public"."not_delivered_reason" AS ENUM('nobody_home', 'wrong_address', 'refused', 'access_problem', 'other');--> statement-breakpoint
ALTER TYPE "public"."delivery_notice_kind" ADD VALUE 'out_for_delivery';--> statement-breakpoint
ALTER TYPE "public"."delivery_notice_kind" ADD VALUE 'delivered';--> statement-breakpoint
ALTER TYPE "public"."delivery_notice_kind" ADD VALUE 'not_delivered';--> statement-breakpoint
CREATE TABLE "delivery_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"proof_key" uuid NOT NULL,
	"order_id" integer NOT NULL,
	"run_id" integer,
	"day" date NOT NULL,
	"outcome" "delivery_outcome" NOT NULL,
	"recipient_name" text,
	"signature_file" text,
	"photo_file" text,
	"signed_on_paper" boolean DEFAULT false NOT NULL,
	"reason" "not_delivered_reason",
	"note" text,
	"recorded_by" text,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_proofs_proof_key_unique" UNIQUE("proof_key"),
	CONSTRAINT "delivery_proofs_delivered" CHECK ("delivery_proofs"."outcome" <> 'delivered' or ("delivery_proofs"."recipient_name" is not null and ("delivery_proofs"."signature_file" is not null or "delivery_proofs"."signed_on_paper"))),
	CONSTRAINT "delivery_proofs_not_delivered" CHECK ("delivery_proofs"."outcome" <> 'not_delivered' or "delivery_proofs"."reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "delivery_run_stops" ADD COLUMN "out_for_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_run_id_delivery_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."delivery_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_proofs_order_idx" ON "delivery_proofs" USING btree ("order_id","recorded_at");