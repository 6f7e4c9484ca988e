-- The cash-on-delivery risk view and the block list (issue 50, docs/decisions/036-cod-risk-view.md).
-- address_key(): one address however it is typed, for matching a blocked address and parcels that came
-- back to it: the line lower-cased with every run of spaces and punctuation made one space, then the
-- area (the list's own spelling, lower-cased). Written by hand before what drizzle-kit generated
-- (the block list with its keys, the partial index of returned parcels by address), which uses it.
-- [[:space:][:punct:]] rather than [^[:alnum:]]: under the C locale [:alnum:] is ASCII only, and
-- an address written in Urdu would lose every letter.
CREATE FUNCTION address_key(address_line text, area text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select trim(regexp_replace(lower(address_line), '[[:space:][:punct:]]+', ' ', 'g')) || ' | ' || lower(coalesce(area, '')) $$;
--> statement-breakpoint
CREATE TABLE "block_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"phone_number" text,
	"address_line" text,
	"area" text,
	"key" text GENERATED ALWAYS AS (CASE WHEN kind = 'phone' THEN right(regexp_replace(phone_number, '\D', '', 'g'), 10) ELSE address_key(address_line, area) END) STORED NOT NULL,
	"reason" text NOT NULL,
	"blocked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_list_kind_check" CHECK (("block_list"."kind" = 'phone' and "block_list"."phone_number" is not null and "block_list"."address_line" is null and "block_list"."area" is null) or ("block_list"."kind" = 'address' and "block_list"."address_line" is not null and "block_list"."phone_number" is null)),
	CONSTRAINT "block_list_reason_check" CHECK (length("block_list"."reason") between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "block_list" ADD CONSTRAINT "block_list_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "block_list_key_idx" ON "block_list" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "orders_address_back_idx" ON "orders" USING btree (address_key("address_line", "area")) WHERE "orders"."returned_as" is not null;