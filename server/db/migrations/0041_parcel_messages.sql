-- Issue 53, the parcel's way told: parcels.out_for_delivery_at marks the one 'out for delivery' message
-- of a parcel (set by the first courier status that says so); whatsapp_opt_outs keeps the mobiles that
-- turned WhatsApp parcel updates off; the outbox takes the three WhatsApp parcel kinds.
CREATE TABLE "whatsapp_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"via" text NOT NULL,
	"stopped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_opt_outs_phone_check" CHECK ("whatsapp_opt_outs"."phone" ~ '^[+]923[0-9]{9}$'),
	CONSTRAINT "whatsapp_opt_outs_via_check" CHECK ("whatsapp_opt_outs"."via" in ('reply', 'link'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "out_for_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_alert', 'confirm_reminder', 'confirm_expired', 'whatsapp_confirm', 'whatsapp_reminder', 'back_in_stock', 'whatsapp_back_in_stock', 'stock_alert_confirm', 'whatsapp_delivery_attempt', 'whatsapp_parcel_dispatched', 'whatsapp_out_for_delivery', 'whatsapp_parcel_delivered', 'message'));