ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;
--> statement-breakpoint
-- Accounts from before this migration stay unproven (docs/decisions/024): nothing recorded so far shows
-- that an account's owner reads its mailbox (a used reset row may only have been replaced by a newer
-- request). The owner's admin accounts are made by the owner on the server, so they count as proven.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "role" = 'admin';
