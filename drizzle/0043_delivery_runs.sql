CREATE TABLE "delivery_run_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_run_stops_position" CHECK ("delivery_run_stops"."position" <> 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"driver_id" text NOT NULL,
	"truck" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_runs_truck" CHECK (length("delivery_runs"."truck") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "delivery_run_stops" ADD CONSTRAINT "delivery_run_stops_run_id_delivery_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."delivery_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_run_stops" ADD CONSTRAINT "delivery_run_stops_booking_id_delivery_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."delivery_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_runs" ADD CONSTRAINT "delivery_runs_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_run_stops_booking_idx" ON "delivery_run_stops" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_run_stops_position_idx" ON "delivery_run_stops" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "delivery_runs_day_idx" ON "delivery_runs" USING btree ("day");