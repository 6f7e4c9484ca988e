CREATE TABLE "exchange_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"exchange_id" uuid,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"product_id" uuid NOT NULL,
	"size" smallint NOT NULL,
	"wanted_size" smallint NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"reserved" boolean DEFAULT true NOT NULL,
	"price_difference" integer DEFAULT 0 NOT NULL,
	"owner_message" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"exchange_order_id" uuid,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_requests_reason_check" CHECK ("exchange_requests"."reason" in ('too_small', 'too_large', 'faulty', 'other')),
	CONSTRAINT "exchange_requests_status_check" CHECK ("exchange_requests"."status" in ('requested', 'approved', 'refused', 'expired')),
	CONSTRAINT "exchange_requests_reserved_check" CHECK (not "exchange_requests"."reserved" or "exchange_requests"."status" = 'requested')
);
--> statement-breakpoint
CREATE TABLE "exchange_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"window_days" integer DEFAULT 7 NOT NULL,
	"answer_within_days" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_settings_one_row" CHECK ("exchange_settings"."id" = 1),
	CONSTRAINT "exchange_settings_days_check" CHECK ("exchange_settings"."window_days" between 1 and 30 and "exchange_settings"."answer_within_days" between 1 and 14)
);
--> statement-breakpoint
ALTER TABLE "exchange_photos" ADD CONSTRAINT "exchange_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_photos" ADD CONSTRAINT "exchange_photos_exchange_id_exchange_requests_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchange_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_photos_exchange_idx" ON "exchange_photos" USING btree ("exchange_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_requests_open_idx" ON "exchange_requests" USING btree ("order_id","line_no") WHERE "exchange_requests"."status" in ('requested', 'approved');--> statement-breakpoint
CREATE INDEX "exchange_requests_status_idx" ON "exchange_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_requests_exchange_order_idx" ON "exchange_requests" USING btree ("exchange_order_id");--> statement-breakpoint
-- Data (written by hand): the owner's exchange rules start at 7 days after delivery, 3 days to answer.
INSERT INTO "exchange_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
