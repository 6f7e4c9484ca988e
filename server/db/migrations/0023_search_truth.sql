CREATE TABLE "not_sold_words" (
	"word" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "not_sold_words_word_check" CHECK ("not_sold_words"."word" ~ '^[a-z0-9]+$' AND length("not_sold_words"."word") <= 40),
	CONSTRAINT "not_sold_words_kind_check" CHECK ("not_sold_words"."kind" IN ('children', 'other product', 'brand'))
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"dropped" text[] NOT NULL,
	"results" integer NOT NULL,
	CONSTRAINT "search_misses_day_query_pk" PRIMARY KEY("day","query"),
	CONSTRAINT "search_misses_query_check" CHECK (length("search_misses"."query") <= 200)
);
--> statement-breakpoint
-- Hand-written: the words a new shop starts with (decision 025), in English and Roman Urdu. Seeded
-- here, once, so a word the owner deletes stays deleted. Brands are left to the owner: which ones a
-- shop does not carry is its own to say (/admin/searches adds one in a step).
INSERT INTO "not_sold_words" ("word", "kind") VALUES
	('kid', 'children'), ('kids', 'children'), ('child', 'children'), ('children', 'children'),
	('childrens', 'children'), ('baby', 'children'), ('babies', 'children'), ('toddler', 'children'),
	('toddlers', 'children'), ('infant', 'children'), ('school', 'children'), ('bacha', 'children'),
	('bache', 'children'), ('bachay', 'children'), ('bachey', 'children'), ('bachon', 'children'),
	('bachcha', 'children'), ('bachche', 'children'), ('bachchon', 'children'), ('bachi', 'children'),
	('bachiyon', 'children'), ('bag', 'other product'), ('bags', 'other product'),
	('handbag', 'other product'), ('handbags', 'other product'), ('purse', 'other product'),
	('purses', 'other product'), ('sock', 'other product'), ('socks', 'other product'),
	('jurab', 'other product'), ('jurabain', 'other product'), ('belt', 'other product'),
	('belts', 'other product'), ('wallet', 'other product'), ('wallets', 'other product'),
	('polish', 'other product')
ON CONFLICT DO NOTHING;
