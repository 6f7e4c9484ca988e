-- Finding a shoe (issue 15): a colour per product from a small palette, the sizes a product has in
-- stock as a bit mask kept by the database, the percent off as a derived column, and list indexes
-- that carry every filter column, so a filtered or sorted page is answered from index pages alone.
CREATE TABLE "colours" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "colours_slug_check" CHECK ("slug" ~ '^[a-z]+(-[a-z]+)*$'),
	CONSTRAINT "colours_hex_check" CHECK ("hex" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
-- The palette is part of the shop like its categories: products refer to it, so it is here, not in a seed.
INSERT INTO "colours" ("slug", "name", "hex", "position") VALUES
	('black', 'Black', '#1c1917', 0),
	('brown', 'Brown', '#6b4423', 1),
	('tan', 'Tan', '#b8865b', 2),
	('beige', 'Beige', '#e6d5b8', 3),
	('white', 'White', '#f8f7f4', 4),
	('grey', 'Grey', '#8b8b8b', 5),
	('navy', 'Navy', '#1f2a44', 6),
	('blue', 'Blue', '#2f6fb3', 7),
	('green', 'Green', '#3f7d4e', 8),
	('red', 'Red', '#b91c1c', 9),
	('maroon', 'Maroon', '#6d1a2a', 10),
	('pink', 'Pink', '#e79bb3', 11),
	('gold', 'Gold', '#c9a23a', 12),
	('silver', 'Silver', '#b9bdc3', 13),
	('multi', 'Multicolour', '#9b59b6', 14);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colour" text REFERENCES "colours"("slug");
--> statement-breakpoint
-- Bit (size - 37) is set while that size has stock: 'in size 42 or 43' is one AND on the index tuple.
ALTER TABLE "products" ADD COLUMN "sizes_in_stock" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "discount_percent" smallint GENERATED ALWAYS AS (
	CASE WHEN discount_price >= price THEN 0 ELSE round((price - discount_price) * 100.0 / price)::smallint END
) STORED NOT NULL;
--> statement-breakpoint
CREATE FUNCTION product_sizes_mask(pid uuid) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(1 << (s.size - 37)), 0)::int FROM product_sizes s WHERE s.product_id = pid AND s.stock > 0
$$;
--> statement-breakpoint
-- Statement-level over the transition tables: a checkout's stock update costs one cheap comparison,
-- and products are written only when a size sells out or comes back (or sizes are added or removed).
CREATE FUNCTION product_sizes_refresh_masks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE products p SET sizes_in_stock = product_sizes_mask(p.id)
    WHERE p.id IN (SELECT DISTINCT n.product_id FROM new_sizes n WHERE n.stock > 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products p SET sizes_in_stock = product_sizes_mask(p.id)
    WHERE p.id IN (SELECT DISTINCT o.product_id FROM old_sizes o WHERE o.stock > 0);
  ELSE
    UPDATE products p SET sizes_in_stock = product_sizes_mask(p.id)
    WHERE p.id IN (
      SELECT n.product_id FROM new_sizes n
      LEFT JOIN old_sizes o ON o.product_id = n.product_id AND o.size = n.size
      WHERE o.product_id IS NULL OR (o.stock > 0) <> (n.stock > 0)
      UNION
      SELECT o.product_id FROM old_sizes o
      LEFT JOIN new_sizes n ON n.product_id = o.product_id AND n.size = o.size
      WHERE n.product_id IS NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_sizes_masks_insert AFTER INSERT ON product_sizes
  REFERENCING NEW TABLE AS new_sizes FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_refresh_masks();
--> statement-breakpoint
CREATE TRIGGER product_sizes_masks_update AFTER UPDATE ON product_sizes
  REFERENCING OLD TABLE AS old_sizes NEW TABLE AS new_sizes FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_refresh_masks();
--> statement-breakpoint
CREATE TRIGGER product_sizes_masks_delete AFTER DELETE ON product_sizes
  REFERENCING OLD TABLE AS old_sizes FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_refresh_masks();
--> statement-breakpoint
UPDATE products p SET sizes_in_stock = product_sizes_mask(p.id);
--> statement-breakpoint
-- One index per sort, led by the category (a list of several categories merges their walks), each
-- carrying every filter column so the walk and the count never visit the table.
DROP INDEX "products_category_position_idx";
--> statement-breakpoint
CREATE INDEX "products_list_featured_idx" ON "products" USING btree ("category_slug", "position", "id")
  INCLUDE ("discount_price", "discount_percent", "colour", "sizes_in_stock", "created_at") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_list_newest_idx" ON "products" USING btree ("category_slug", "created_at" DESC, "id")
  INCLUDE ("discount_price", "discount_percent", "colour", "sizes_in_stock", "position") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_list_price_idx" ON "products" USING btree ("category_slug", "discount_price", "id")
  INCLUDE ("discount_percent", "colour", "sizes_in_stock", "position", "created_at") WHERE "archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_list_discount_idx" ON "products" USING btree ("category_slug", "discount_percent" DESC, "position", "id")
  INCLUDE ("discount_price", "colour", "sizes_in_stock", "created_at") WHERE "archived_at" IS NULL;
--> statement-breakpoint
-- A shopper's own size, kept on the account when signed in.
ALTER TABLE "users" ADD COLUMN "shoe_size" smallint;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_shoe_size_check" CHECK ("shoe_size" BETWEEN 37 AND 46);
--> statement-breakpoint
-- Words that mean the same to a shopper, edited by the owner: 'joota' means shoe, 'gents' means men.
CREATE TABLE "search_synonyms" (
	"word" text PRIMARY KEY NOT NULL,
	"means" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_word_check" CHECK ("word" ~ '^[a-z0-9]+$' AND length("word") <= 40),
	CONSTRAINT "search_synonyms_means_check" CHECK (length("means") BETWEEN 1 AND 80)
);
