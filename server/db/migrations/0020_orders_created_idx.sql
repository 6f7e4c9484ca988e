-- The delivery report (issue 32) reads the orders placed in the last 30 or 90 days, whatever their status.
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");