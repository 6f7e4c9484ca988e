-- The shop's own alert of a new order (ORDERS_EMAIL) is queued beside the customer's confirmation.
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_alert'));
