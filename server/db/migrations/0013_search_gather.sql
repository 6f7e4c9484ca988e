-- A search tier's gather (server/catalog/search.ts) asks one GIN index for the words and the list
-- filters together: (name_vector || filter_vector) @@ '(loafer) & (#c:black)'. GIN intersects the
-- posting lists itself, where two indexes (the words', then the filters' of migration 0012) built a
-- bitmap each and ANDed them: 'black loafer' at 100,000 products gathered its 982 rows in 1.9 ms
-- instead of 4.3 (docs/benchmarks.md, "Search at 100,000 products").
-- For the combined index to answer exactly, no word may ever match a filter lexeme: they now begin
-- with '#', which neither the text search parser nor the shop's tokenizer keeps in a word (as
-- 'c:black', a typed 'c' being completed matched every black shoe).
-- Only the filters that narrow are kept: the colour (one of fifteen) and the price bucket. A size in
-- stock (46-93% of the generated catalogue each), 'on sale' (62%) and a gender (half) narrowed
-- little, and reading their long posting lists cost more than the rows they saved ('#s:42' made
-- 'black formal 42' 0.6 ms slower). Their exact conditions do the filtering, as before.
--   #c:<colour slug>   #p:<discount_price / 1000, at most 20>
-- A stored generated column keeps what its function gave when it was stored, so the column is
-- made again (the table is rewritten once).
ALTER TABLE "products" DROP COLUMN "filter_vector";
--> statement-breakpoint
DROP FUNCTION product_filter_vector(text, text, integer, integer, integer);
--> statement-breakpoint
CREATE FUNCTION product_filter_vector(colour text, discount_price integer)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(array_remove(ARRAY['#c:' || colour, '#p:' || least(discount_price / 1000, 20)], NULL))
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "filter_vector" tsvector
  GENERATED ALWAYS AS (product_filter_vector(colour, discount_price)) STORED NOT NULL;
--> statement-breakpoint
DROP INDEX "products_name_vector_idx";
--> statement-breakpoint
DROP INDEX "products_search_vector_idx";
--> statement-breakpoint
CREATE INDEX "products_name_filter_idx" ON "products" USING gin (("name_vector" || "filter_vector"));
--> statement-breakpoint
CREATE INDEX "products_search_filter_idx" ON "products" USING gin (("search_vector" || "filter_vector"));
