// The owner's block list (issue 50): phone numbers and addresses the checkout refuses
// (server/orders/place-order.ts reads the table in its own statement), each with why, who and when.
// The database keys each entry as orders are keyed (schema.ts, block_list), so a phone typed
// +92 300 1234567 blocks 0300-1234567 too, and an address matches however its spaces and
// punctuation were typed. No HTTP here.
import { desc, eq } from "drizzle-orm";
import { BLOCK_MESSAGES, type BlockedEntry, type BlockList, type NewBlock } from "#shared/block-list.ts";
import { areaOfList } from "../areas/service.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { blockList, users } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../domain-errors.ts";

const entries = (db: Db) =>
  db
    .select({
      id: blockList.id,
      kind: blockList.kind,
      phoneNumber: blockList.phoneNumber,
      addressLine: blockList.addressLine,
      area: blockList.area,
      reason: blockList.reason,
      createdAt: blockList.createdAt,
      username: users.username,
    })
    .from(blockList)
    .leftJoin(users, eq(users.id, blockList.blockedBy));
type EntryRow = Awaited<ReturnType<typeof entries>>[number];

function toEntry(row: EntryRow): BlockedEntry {
  if (row.kind !== "phone" && row.kind !== "address") throw new BrokenPromise(`block_list has kind ${row.kind}`);
  return {
    _id: row.id,
    kind: row.kind,
    phoneNumber: row.phoneNumber,
    addressLine: row.addressLine,
    area: row.area,
    reason: row.reason,
    at: row.createdAt.toISOString(),
    by: row.username === null ? null : { username: row.username },
  };
}

export async function listBlocked(db: Db): Promise<BlockList> {
  const rows = await entries(db).orderBy(desc(blockList.createdAt), desc(blockList.id));
  return { blocked: rows.map(toEntry) };
}

/** Adds a phone or an address; one already on the list (however typed) is a conflict. */
export async function addBlock(db: Db, input: NewBlock, adminId: string): Promise<BlockedEntry> {
  const values =
    input.kind === "phone"
      ? { kind: input.kind, phoneNumber: input.phoneNumber }
      : { kind: input.kind, addressLine: input.addressLine, area: await listSpelling(db, input.area) };
  const [added] = await db
    .insert(blockList)
    .values({ ...values, reason: input.reason, blockedBy: adminId })
    .onConflictDoNothing({ target: [blockList.kind, blockList.key] })
    .returning({ id: blockList.id });
  if (!added) throw conflict(BLOCK_MESSAGES.duplicate(input.kind));
  const [row] = await entries(db).where(eq(blockList.id, added.id));
  if (!row) throw new BrokenPromise("the block just added is not there");
  return toEntry(row);
}

export async function removeBlock(db: Db, id: string): Promise<void> {
  const [removed] = await db.delete(blockList).where(eq(blockList.id, id)).returning({ id: blockList.id });
  if (!removed) throw notFound(BLOCK_MESSAGES.notFound);
}

/** The area as the list spells it (orders store that spelling), or a refusal on the area field. */
async function listSpelling(db: Db, typed: string | null): Promise<string | null> {
  if (typed === null) return null;
  const name = await areaOfList(db, typed);
  if (name === undefined) throw invalid(BLOCK_MESSAGES.area, { area: BLOCK_MESSAGES.area });
  return name;
}
