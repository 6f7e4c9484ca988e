-- Issue 45, finding 3 (docs/decisions/021-back-in-stock.md, "A stopped address"): an address that
-- pressed 'stop' is waited for again only after a press from that address. Its stop is kept here
-- until that press; an ask for it meanwhile is kept stopped (unsubscribed_at set) with
-- confirm_asked_at, and a 'press to confirm' mail is queued in mail_outbox (kind stock_alert_confirm,
-- at most one a day per address: confirm_mailed_at).
CREATE TABLE "stock_alert_stops" (
	"email" text PRIMARY KEY NOT NULL,
	"stopped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirm_mailed_at" timestamp with time zone,
	CONSTRAINT "stock_alert_stops_email_check" CHECK ("stock_alert_stops"."email" = lower("stock_alert_stops"."email") and length("stock_alert_stops"."email") between 3 and 254)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirm_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_alert', 'confirm_reminder', 'confirm_expired', 'whatsapp_confirm', 'whatsapp_reminder', 'back_in_stock', 'whatsapp_back_in_stock', 'stock_alert_confirm', 'message'));--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_confirm_check" CHECK ("stock_alerts"."confirm_asked_at" is null or "stock_alerts"."unsubscribed_at" is not null);--> statement-breakpoint
-- Addresses stopped before this change: every one of their alerts is stopped. An address with an
-- alert waiting again was asked for since its stop; who asked is not recorded, so it is left waiting.
INSERT INTO "stock_alert_stops" ("email", "stopped_at")
  SELECT "email", max("unsubscribed_at") FROM "stock_alerts"
  GROUP BY "email" HAVING bool_and("unsubscribed_at" IS NOT NULL);
