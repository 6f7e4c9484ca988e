// The address book (issue 29): the shipping addresses a customer last ordered to, newest use
// first, at most ADDRESS_BOOK_SIZE. An order saves its address after it has committed (never inside
// the order's transaction, whose locks every checkout waits on); ordering to the same address again
// moves it to the top (the `same_key` column of migration 0015 decides what "the same" is). No
// HTTP here: routes pass parsed input.
import { and, desc, eq, sql } from "drizzle-orm";
import { ADDRESS_BOOK_SIZE, type SavedAddress } from "#shared/addresses.ts";
import type { ShippingAddress } from "#shared/orders.ts";
import { listedArea } from "../areas/service.ts";
import type { Db } from "../db/client.ts";
import { sqlState } from "../db/errors.ts";
import { addresses } from "../db/schema.ts";

const addressColumns = {
  id: addresses.id,
  fullName: addresses.fullName,
  addressLine: addresses.addressLine,
  phoneNumber: addresses.phoneNumber,
  email: addresses.email,
  city: addresses.city,
  postalCode: addresses.postalCode,
  area: addresses.area,
  landmark: addresses.landmark,
};
type AddressRow = Pick<typeof addresses.$inferSelect, keyof typeof addressColumns>;

/** What an edit came to: the address as saved, or why it was not. */
export type AddressEdit = { ok: true; address: SavedAddress } | { ok: false; reason: "not-found" | "duplicate" };

export interface AddressService {
  /** The customer's addresses, most recently used first. */
  list(userId: string): Promise<SavedAddress[]>;
  /** Saves the address an order went to (or moves the same one to the top), keeping the newest few. */
  remember(userId: string, address: ShippingAddress): Promise<void>;
  /**
   * Replaces one of the customer's own addresses; another customer's reads as not found. An area not
   * in the list (or hidden) is refused as an order's would be, so a saved address can be ordered to.
   */
  edit(userId: string, id: string, address: ShippingAddress): Promise<AddressEdit>;
  /** False when the customer has no such address. */
  remove(userId: string, id: string): Promise<boolean>;
}

export function createAddressService(db: Db): AddressService {
  return {
    async list(userId) {
      const rows = await db
        .select(addressColumns)
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.usedAt), desc(addresses.id))
        .limit(ADDRESS_BOOK_SIZE);
      return rows.map(toSavedAddress);
    },

    async remember(userId, a) {
      // One statement (raw SQL, for the CTE): the upsert, then every address of the customer but the
      // newest few goes. The delete sees the table as it was before the upsert, so it ranks the other addresses only and
      // keeps one fewer of them.
      await db.execute(
        sql`with saved as (
              insert into addresses (user_id, full_name, address_line, phone_number, email, city, postal_code,
                                     area, landmark)
              values (${userId}, ${a.fullName}, ${a.addressLine}, ${a.phoneNumber}, ${a.email}, ${a.city},
                      ${a.postalCode ?? null}, ${a.area ?? null}, ${a.landmark ?? null})
              on conflict (user_id, same_key) do update
                set full_name = excluded.full_name, address_line = excluded.address_line,
                    phone_number = excluded.phone_number, email = excluded.email, city = excluded.city,
                    postal_code = excluded.postal_code, area = excluded.area, landmark = excluded.landmark,
                    used_at = clock_timestamp()
              returning id
            )
            delete from addresses
            where id in (select id from addresses
                         where user_id = ${userId} and id not in (select id from saved)
                         order by used_at desc, id desc offset ${ADDRESS_BOOK_SIZE - 1})`,
      );
    },

    async edit(userId, id, typed) {
      const a = await withListedArea(db, typed);
      try {
        const [row] = await db
          .update(addresses)
          .set({
            fullName: a.fullName,
            addressLine: a.addressLine,
            phoneNumber: a.phoneNumber,
            email: a.email,
            city: a.city,
            postalCode: a.postalCode ?? null,
            area: a.area ?? null,
            landmark: a.landmark ?? null,
          })
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .returning(addressColumns);
        return row ? { ok: true, address: toSavedAddress(row) } : { ok: false, reason: "not-found" };
      } catch (error) {
        // Edited into another address of the same book: two rows would be one address.
        if (sqlState(error) === "23505") return { ok: false, reason: "duplicate" };
        throw error;
      }
    },

    async remove(userId, id) {
      const rows = await db
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      return rows.length > 0;
    },
  };
}

/** The address with its area as the list spells it (refused with the closest names when not one area). */
async function withListedArea(db: Db, a: ShippingAddress): Promise<ShippingAddress> {
  if (a.area === undefined) return a;
  return { ...a, area: await listedArea(db, a.area, "area") };
}

function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    fullName: row.fullName,
    addressLine: row.addressLine,
    phoneNumber: row.phoneNumber,
    email: row.email,
    city: row.city,
    postalCode: row.postalCode ?? undefined,
    area: row.area ?? undefined,
    landmark: row.landmark ?? undefined,
  };
}
