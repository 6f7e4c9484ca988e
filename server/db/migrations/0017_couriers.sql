CREATE TABLE "courier_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text,
	"summary" jsonb NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_imports_kind_check" CHECK ("courier_imports"."kind" in ('dispatch', 'status', 'payment'))
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tracking_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"own_rider" boolean DEFAULT false NOT NULL,
	"rider_name" text,
	"rider_phone" text,
	"csv_columns" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "couriers_name_check" CHECK (length("couriers"."name") between 2 and 60),
	CONSTRAINT "couriers_tracking_url_check" CHECK ("couriers"."tracking_url" is null or ("couriers"."tracking_url" like 'http%' and "couriers"."tracking_url" like '%{number}%'))
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"courier_id" uuid NOT NULL,
	"tracking_number" text,
	"dispatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_by" uuid,
	"cod_amount" integer NOT NULL,
	"collected_amount" integer,
	"charges" integer,
	"settled_at" timestamp with time zone,
	"settled_via" text,
	"amount_mismatch" boolean DEFAULT false NOT NULL,
	"import_id" uuid,
	CONSTRAINT "parcels_amounts_check" CHECK ("parcels"."cod_amount" >= 0 and coalesce("parcels"."collected_amount", 0) >= 0 and coalesce("parcels"."charges", 0) >= 0),
	CONSTRAINT "parcels_settled_check" CHECK (("parcels"."settled_at" is null and "parcels"."settled_via" is null and "parcels"."collected_amount" is null)
          or ("parcels"."settled_at" is not null and "parcels"."settled_via" in ('report', 'hand') and "parcels"."collected_amount" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
DROP INDEX "orders_user_open_idx";--> statement-breakpoint
ALTER TABLE "courier_imports" ADD CONSTRAINT "courier_imports_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_imports" ADD CONSTRAINT "courier_imports_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_dispatched_by_users_id_fk" FOREIGN KEY ("dispatched_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_import_id_courier_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."courier_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_imports_file_idx" ON "courier_imports" USING btree ("courier_id","kind","file_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_name_idx" ON "couriers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_tracking_idx" ON "parcels" USING btree ("courier_id","tracking_number");--> statement-breakpoint
CREATE INDEX "parcels_unsettled_idx" ON "parcels" USING btree ("courier_id") WHERE "parcels"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_settled_idx" ON "parcels" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "orders_user_open_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" in ('pending', 'confirm', 'dispatched');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'confirm', 'dispatched', 'delivered', 'cancelled', 'lost', 'damaged'));--> statement-breakpoint
-- Data (written by hand): the couriers a Karachi shop uses, and the shop's own rider. The tracking
-- pages are each courier's public one as published on its site; the owner corrects them at /admin/couriers.
INSERT INTO "couriers" ("name", "tracking_url", "own_rider") VALUES
  ('TCS', 'https://www.tcsexpress.com/track/{number}', false),
  ('Leopards', 'https://www.leopardscourier.com/tracking?cn={number}', false),
  ('M&P', 'https://www.mulphilog.com/tracking/{number}', false),
  ('PostEx', 'https://postex.pk/tracking?cn={number}', false),
  ('Trax', 'https://trax.pk/tracking/?tracking_number={number}', false),
  ('BlueEx', 'https://www.blue-ex.com/tracking?trackno={number}', false),
  ('Rider', 'https://www.withrider.com/track/{number}', false),
  ('Call Courier', 'https://callcourier.com.pk/tracking/?tc={number}', false),
  ('Own rider', NULL, true);
--> statement-breakpoint
-- Orders delivered before couriers were recorded went with the shop's own rider, who handed the
-- cash over on delivery: they keep counting as takings on the day they were delivered.
INSERT INTO "parcels" ("order_id", "courier_id", "dispatched_at", "cod_amount", "collected_amount", "settled_at", "settled_via")
SELECT o.id, (SELECT id FROM couriers WHERE own_rider LIMIT 1), d.at, o.total_amount, o.total_amount, d.at, 'hand'
FROM orders o
CROSS JOIN LATERAL (
  SELECT coalesce(max(e.created_at), o.updated_at) AS at FROM order_status_events e
  WHERE e.order_id = o.id AND e.to_status = 'delivered'
) d
WHERE o.status = 'delivered';
