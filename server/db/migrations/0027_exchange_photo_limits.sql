ALTER TABLE "exchange_photos" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_photos" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_photos" ADD COLUMN "order_id" uuid;--> statement-breakpoint
-- Photos from before were decoded on upload: they are ready. New ones start pending.
ALTER TABLE "exchange_photos" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_photos" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "exchange_photos" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchange_photos" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_photos" ADD CONSTRAINT "exchange_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_photos_user_idx" ON "exchange_photos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_photos_pending_idx" ON "exchange_photos" USING btree ("created_at") WHERE "exchange_photos"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "exchange_photos_unattached_idx" ON "exchange_photos" USING btree ("created_at") WHERE "exchange_photos"."exchange_id" is null;--> statement-breakpoint
ALTER TABLE "exchange_photos" ADD CONSTRAINT "exchange_photos_status_check" CHECK ("exchange_photos"."status" in ('pending', 'ready', 'unreadable'));--> statement-breakpoint
ALTER TABLE "exchange_photos" ADD CONSTRAINT "exchange_photos_ready_check" CHECK ("exchange_photos"."status" <> 'ready' or ("exchange_photos"."width" is not null and "exchange_photos"."height" is not null));
