-- The review sweep (server/reviews/requests.ts) starts from the deliveries of the last weeks, once a
-- minute per instance: without this it read every delivered order the shop ever had (decision 044).
CREATE INDEX "order_status_events_delivered_idx" ON "order_status_events" USING btree ("created_at") WHERE "order_status_events"."to_status" = 'delivered';