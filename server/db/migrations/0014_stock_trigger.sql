-- The sizes-in-stock masks (migration 0004) are kept on a stock update by a row trigger with a
-- WHEN condition, in place of the statement trigger over the transition tables. Every checkout
-- updates stock, so that trigger ran on every order: a PL/pgSQL call whose UPDATE of products
-- nearly always found nothing to do, and whose empty UPDATE still fired the search-words
-- statement trigger of products (0002). auto_explain put the two at 0.4 ms of the order
-- statement's 2 ms (docs/benchmarks.md, "Checkout"). PostgreSQL checks a WHEN condition itself,
-- before it queues anything, so now only a size that sells out or comes back (or a row moved to
-- another product or size, which nothing in the shop does) calls the function.
DROP TRIGGER product_sizes_masks_update ON product_sizes;
--> statement-breakpoint
CREATE FUNCTION product_sizes_refresh_mask() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Several sizes of one product crossing zero in one statement: the first call writes the
  -- product's new mask, and the others find it written already.
  UPDATE products p SET sizes_in_stock = product_sizes_mask(p.id)
  WHERE p.id IN (OLD.product_id, NEW.product_id) AND p.sizes_in_stock <> product_sizes_mask(p.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_sizes_mask_update AFTER UPDATE ON product_sizes FOR EACH ROW
  WHEN ((OLD.stock > 0) <> (NEW.stock > 0) OR OLD.product_id <> NEW.product_id OR OLD.size <> NEW.size)
  EXECUTE FUNCTION product_sizes_refresh_mask();
--> statement-breakpoint
-- The statement trigger's function now serves inserts and deletes only; its UPDATE branch is gone
-- with the trigger that called it.
CREATE OR REPLACE FUNCTION product_sizes_refresh_masks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE products p SET sizes_in_stock = product_sizes_mask(p.id)
    WHERE p.id IN (SELECT DISTINCT n.product_id FROM new_sizes n WHERE n.stock > 0);
  ELSE
    UPDATE products p SET sizes_in_stock = product_sizes_mask(p.id)
    WHERE p.id IN (SELECT DISTINCT o.product_id FROM old_sizes o WHERE o.stock > 0);
  END IF;
  RETURN NULL;
END
$$;
