CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"size" smallint NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"whatsapp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_size_check" CHECK ("stock_alerts"."size" between 37 and 46),
	CONSTRAINT "stock_alerts_email_check" CHECK ("stock_alerts"."email" = lower("stock_alerts"."email") and length("stock_alerts"."email") between 3 and 254),
	CONSTRAINT "stock_alerts_whatsapp_check" CHECK ("stock_alerts"."whatsapp" is null or "stock_alerts"."whatsapp" ~ '^92[0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "stock_alert_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_subscriber_idx" ON "stock_alerts" USING btree ("product_id","size","email");--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("product_id","size") WHERE "stock_alerts"."notified_at" is null and "stock_alerts"."unsubscribed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_email_idx" ON "stock_alerts" USING btree ("email");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_stock_alert_id_stock_alerts_id_fk" FOREIGN KEY ("stock_alert_id") REFERENCES "public"."stock_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_subject_check" CHECK (("mail_outbox"."order_id" is null) <> ("mail_outbox"."stock_alert_id" is null));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_alert', 'confirm_reminder', 'confirm_expired', 'whatsapp_confirm', 'whatsapp_reminder', 'back_in_stock', 'whatsapp_back_in_stock'));--> statement-breakpoint
-- Back in stock (issue 33, part 4; written by hand: drizzle-kit sees no functions or triggers).
-- A size that comes back tells each of its waiting subscribers once, in the statement that brought
-- it back: the owner's product form or stock grid, a cancellation or a refused parcel returning
-- pairs, a script. The waiting rows are claimed (notified_at set) and their messages queued in
-- mail_outbox in the same transaction, so two instances, or two restocks racing, can never tell
-- anyone twice, and a rolled-back restock tells no one. A product the owner took off sale keeps its
-- subscribers waiting. WhatsApp is queued only for a row that kept a number (the shop had WhatsApp).
CREATE FUNCTION stock_alerts_claim(p_product uuid, p_size smallint) RETURNS void LANGUAGE sql AS $$
  WITH claimed AS (
    UPDATE stock_alerts a SET notified_at = now()
    WHERE a.product_id = p_product AND a.size = p_size
      AND a.notified_at IS NULL AND a.unsubscribed_at IS NULL
      AND EXISTS (SELECT 1 FROM products p WHERE p.id = p_product AND p.archived_at IS NULL)
    RETURNING a.id, a.whatsapp
  )
  INSERT INTO mail_outbox (kind, stock_alert_id)
  SELECT 'back_in_stock', c.id FROM claimed c
  UNION ALL
  SELECT 'whatsapp_back_in_stock', c.id FROM claimed c WHERE c.whatsapp IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION product_sizes_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_alerts_claim(NEW.product_id, NEW.size);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Like the sizes-in-stock mask (0014), a WHEN condition PostgreSQL checks itself: a checkout only
-- takes pairs away, so it never calls the function; only a size going from none to some does.
CREATE TRIGGER product_sizes_back_in_stock AFTER UPDATE ON product_sizes FOR EACH ROW
  WHEN (OLD.stock <= 0 AND NEW.stock > 0)
  EXECUTE FUNCTION product_sizes_back_in_stock();
--> statement-breakpoint
-- A size row added with pairs (the stock grid offering a size again, a cancellation returning pairs
-- of a size the owner had removed): once per statement, so a bulk insert of a catalogue costs one
-- join with the (then empty) waiting rows, not a call per row.
CREATE FUNCTION product_sizes_added_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_alerts_claim(w.product_id, w.size)
  FROM (SELECT DISTINCT a.product_id, a.size
        FROM stock_alerts a JOIN added_sizes n ON n.product_id = a.product_id AND n.size = a.size
        WHERE n.stock > 0 AND a.notified_at IS NULL AND a.unsubscribed_at IS NULL) w;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_sizes_added_back_in_stock AFTER INSERT ON product_sizes
  REFERENCING NEW TABLE AS added_sizes FOR EACH STATEMENT
  EXECUTE FUNCTION product_sizes_added_back_in_stock();
