CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"lexeme" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_lexeme_idx" ON "search_words" USING btree ("lexeme");--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_position_idx" ON "products" USING btree ("position","id") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_name_vector_idx" ON "products" USING gin ("name_vector");--> statement-breakpoint
-- A word as to_tsvector('english') indexes it (words stemmed, codes such as 'mx42' kept whole),
-- or null for a stop word: the same dictionary per kind of token, because ts_debug asks the same config.
CREATE FUNCTION search_lexeme(word text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT d.lexemes[1] FROM ts_debug('english'::regconfig, word) AS d LIMIT 1
$$;
--> statement-breakpoint
-- The distinct words of a product's searchable text (name, category, description), lower case.
CREATE FUNCTION product_search_words(name text, category_slug text, description text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
    name || ' ' || replace(category_slug, '-', ' ') || ' ' || description)))
$$;
--> statement-breakpoint
-- Statement-level, over the transition table: a bulk insert of products costs one pass, not one
-- per row, and only words the dictionary lacks are looked up.
CREATE FUNCTION products_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, lexeme)
  SELECT n.word, n.lexeme
  FROM (SELECT w.word, search_lexeme(w.word) AS lexeme
        FROM (SELECT DISTINCT product_search_words(p.name, p.category_slug, p.description) AS word
              FROM changed_products p) w
        WHERE NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w.word)) n
  WHERE n.lexeme IS NOT NULL
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION products_add_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION products_add_search_words();
--> statement-breakpoint
INSERT INTO search_words (word, lexeme)
SELECT n.word, n.lexeme
FROM (SELECT w.word, search_lexeme(w.word) AS lexeme
      FROM (SELECT DISTINCT product_search_words(p.name, p.category_slug, p.description) AS word FROM products p) w) n
WHERE n.lexeme IS NOT NULL;
