-- The customer's address book (issue 29): the last few shipping addresses an account ordered to,
-- offered at the next checkout. Written after an order commits (server/addresses/service.ts), at
-- most ADDRESS_BOOK_SIZE per account, newest use first. `same_key` is what makes two addresses the
-- same one (case, runs of spaces and the way the phone was typed aside), so ordering again to an
-- address moves it to the top instead of saving it twice.
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"address_line" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text,
	"used_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"same_key" text GENERATED ALWAYS AS (md5(
		regexp_replace(lower("addresses"."full_name"), '\s+', ' ', 'g') || chr(10) ||
		regexp_replace(lower("addresses"."address_line"), '\s+', ' ', 'g') || chr(10) ||
		right(regexp_replace("addresses"."phone_number", '\D', '', 'g'), 10) || chr(10) ||
		lower("addresses"."email") || chr(10) || coalesce("addresses"."postal_code", ''))) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_user_same_idx" ON "addresses" USING btree ("user_id","same_key");--> statement-breakpoint
CREATE INDEX "addresses_user_used_idx" ON "addresses" USING btree ("user_id","used_at" DESC NULLS LAST);
