-- Issue 46 item 3: each order keeps the confirmation times it was placed under (what its mail said and
-- its page showed); the owner's new times apply to orders placed afterwards.
ALTER TABLE "orders" ADD COLUMN "remind_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_at" timestamp with time zone;--> statement-breakpoint
-- The orders waiting now were told the times in force (the owner may have changed them since; nothing recorded says).
UPDATE "orders" SET "remind_at" = "orders"."created_at" + make_interval(mins => s."remind_after_minutes"),
                    "cancel_at" = "orders"."created_at" + make_interval(mins => s."cancel_after_minutes")
FROM "confirmation_settings" s WHERE "orders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_waiting_times_check" CHECK ("orders"."status" <> 'pending' or ("orders"."remind_at" is not null and "orders"."cancel_at" > "orders"."remind_at"));--> statement-breakpoint
CREATE INDEX "orders_remind_due_idx" ON "orders" USING btree ("remind_at") WHERE "orders"."status" = 'pending' and "orders"."held_at" is null and "orders"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "orders_cancel_due_idx" ON "orders" USING btree ("cancel_at") WHERE "orders"."status" = 'pending' and "orders"."held_at" is null;
