-- The owner's report of each code and offer (issue 51, server/promotions/report.ts) finds their orders
-- by these, instead of reading every order.
CREATE INDEX "orders_discount_code_idx" ON "orders" USING btree ("discount_code_id") WHERE "orders"."discount_code_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_offer_idx" ON "orders" USING btree ("offer_id") WHERE "orders"."offer_id" is not null;