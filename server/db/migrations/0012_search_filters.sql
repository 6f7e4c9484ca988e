-- The list filters as lexemes of their own, so a search tier's gather (server/catalog/search.ts)
-- takes from the GIN indexes only the matches that can pass the filters: 'black formal 42' reads
-- the black 'formal' products with 42 in stock, not every 'formal' product. The lexemes only
-- narrow: the search keeps the exact filter conditions, so a lexeme may stand for a superset of
-- its filter ('sale' is any discount; a price bucket is a thousand rupees wide).
--   k:<category slug>   its category (a gender is its categories)
--   c:<colour slug>     its colour
--   s:<size>            each size in stock (the sizes_in_stock bits, kept by the 0004 triggers)
--   sale                discount_price below price
--   p:<n>               discount_price in [n * 1000, (n + 1) * 1000), n at most 20 (20: 20,000 and up)
-- A separate column and index: nothing typed can match them, and the vectors searched are untouched.
CREATE FUNCTION product_filter_vector(category_slug text, colour text, sizes_in_stock integer, price integer, discount_price integer)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(array_remove(
    ARRAY['k:' || category_slug, 'c:' || colour, CASE WHEN discount_price < price THEN 'sale' END,
          'p:' || least(discount_price / 1000, 20)]
    || ARRAY(SELECT 's:' || (37 + b) FROM generate_series(0, 30) b WHERE sizes_in_stock & (1 << b) <> 0),
    NULL))
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "filter_vector" tsvector
  GENERATED ALWAYS AS (product_filter_vector(category_slug, colour, sizes_in_stock, price, discount_price)) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "products_filter_vector_idx" ON "products" USING gin ("filter_vector");
