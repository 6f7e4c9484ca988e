-- Passwords typed on a reset link's page, right or wrong: after a few the link is dead (server/accounts/reset.ts).
ALTER TABLE "password_resets" ADD COLUMN "confirm_attempts" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A customer the owner blocked from ordering, and which admin did it (server/admin/customers.ts).
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_by" uuid;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- What a customer holds open is counted on every order (server/orders/order-limits.ts).
CREATE INDEX "orders_user_open_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" in ('pending', 'confirm');
