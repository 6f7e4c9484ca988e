-- How a product fits against the size chart (issue 33, size advice): set by the owner, null says
-- nothing; the product page turns it and the shopper's own size into the size to pick.
ALTER TABLE "products" ADD COLUMN "fit_note" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fit_note_check" CHECK ("products"."fit_note" in ('runs-small', 'true-to-size', 'runs-large'));