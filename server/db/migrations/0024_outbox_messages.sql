-- Issue 45, finding 7 (docs/decisions/007-mail-outbox.md, "Every mail through the outbox"): every
-- mail leaves through mail_outbox. Mails that are not about an order's or a stock alert's own kinds
-- (the owner's moves, courier files, exchanges, password resets, e-mail checks) are queued whole, as
-- kind 'message' with the rendered mail in "message", in the transaction of the change they announce.
ALTER TABLE "mail_outbox" ADD COLUMN "message" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_subject_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_alert', 'confirm_reminder', 'confirm_expired', 'whatsapp_confirm', 'whatsapp_reminder', 'back_in_stock', 'whatsapp_back_in_stock', 'message'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_subject_check" CHECK (num_nonnulls("mail_outbox"."order_id", "mail_outbox"."stock_alert_id", "mail_outbox"."message") = 1 and ("mail_outbox"."kind" = 'message') = ("mail_outbox"."message" is not null));
