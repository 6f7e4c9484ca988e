-- Issue 45, finding 2 (docs/decisions/024, "Phones"): a customer's mobile proven by a Confirm press
-- from that very number, and the shop's WhatsApp requests decided (sent or skipped) for the daily limits.
-- No phone starts proven: before this change a press was matched on the number's last ten digits
-- (whatsapp_inbound kept no sender), so no past press shows that it came from the order's own number.
-- Like e-mail addresses in 0022, a customer's next Confirm press on WhatsApp proves their number.
CREATE TABLE "proven_phones" (
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"proven_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proven_phones_user_id_phone_pk" PRIMARY KEY("user_id","phone"),
	CONSTRAINT "proven_phones_phone_check" CHECK ("proven_phones"."phone" ~ '^[+]923[0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "whatsapp_sends" (
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"user_id" uuid NOT NULL,
	"unproven" boolean NOT NULL,
	"skipped" boolean NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_sends_order_id_kind_pk" PRIMARY KEY("order_id","kind"),
	CONSTRAINT "whatsapp_sends_kind_check" CHECK ("whatsapp_sends"."kind" in ('whatsapp_confirm', 'whatsapp_reminder')),
	CONSTRAINT "whatsapp_sends_phone_check" CHECK ("whatsapp_sends"."phone" ~ '^[+]923[0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "order_confirmation_events" DROP CONSTRAINT "order_confirmation_events_kind_check";--> statement-breakpoint
ALTER TABLE "proven_phones" ADD CONSTRAINT "proven_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_sends" ADD CONSTRAINT "whatsapp_sends_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_sends" ADD CONSTRAINT "whatsapp_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_sends_phone_idx" ON "whatsapp_sends" USING btree ("phone","decided_at");--> statement-breakpoint
CREATE INDEX "whatsapp_sends_user_idx" ON "whatsapp_sends" USING btree ("user_id","decided_at");--> statement-breakpoint
ALTER TABLE "order_confirmation_events" ADD CONSTRAINT "order_confirmation_events_kind_check" CHECK ("order_confirmation_events"."kind" in ('asked', 'reminded', 'skipped', 'confirmed', 'cancelled', 'held', 'released', 'expired'));
