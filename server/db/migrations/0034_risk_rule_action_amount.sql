-- A rule's rupees are a cap, a COD fee or an advance since migration 0033: the column is named for all
-- three. Written by hand: drizzle-kit asks at a prompt whether a new name is a rename.
ALTER TABLE "risk_rules" RENAME COLUMN "cap_amount" TO "action_amount";
