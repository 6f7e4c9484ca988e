// [Ours] The Karachi areas a rider knows (table karachi_areas, seeded by migration 0016): the active
// ones the checkout offers, every one for the owner, added and hidden by the owner, and the check an
// order or an address makes of its area. The owner's names are matched without regard to case or
// doubled spaces; an order's area as people write it (shared/area-spelling.ts, issue 46), and stored
// as the list spells it. No HTTP here.
import { asc, eq, sql } from "drizzle-orm";
import { indexAreas, matchArea } from "#shared/area-spelling.ts";
import { type AdminArea, AREA_MESSAGES, type KarachiArea, type NewArea } from "#shared/areas.ts";
import { BrokenPromise } from "../broken-promise.ts";
import type { Db } from "../db/client.ts";
import { karachiAreas } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../domain-errors.ts";

/** The same name as the list has it, whatever the case and spacing typed. */
const sameName = (typed: string) =>
  sql`lower(${karachiAreas.name}) = lower(regexp_replace(trim(${typed}), '\\s+', ' ', 'g'))`;

/** By district, then name, as the checkout's list and the owner's screen group them. */
const LIST_ORDER = [asc(karachiAreas.district), asc(karachiAreas.name)];

export interface AreaService {
  /** What the checkout offers: the active areas. */
  active(): Promise<KarachiArea[]>;
  /** Every area, hidden ones included, for the owner. */
  all(): Promise<AdminArea[]>;
  /** Adds an area, shown at checkout at once; a name already listed (in any case) is a conflict. */
  add(area: NewArea): Promise<AdminArea>;
  /** Shows or hides an area at checkout; orders already placed keep it. */
  setActive(name: string, active: boolean): Promise<AdminArea>;
}

export function createAreaService(db: Db): AreaService {
  return {
    active: () =>
      db
        .select({ name: karachiAreas.name, district: karachiAreas.district })
        .from(karachiAreas)
        .where(eq(karachiAreas.active, true))
        .orderBy(...LIST_ORDER),

    all: () =>
      db
        .select()
        .from(karachiAreas)
        .orderBy(...LIST_ORDER),

    add: (area) =>
      db.transaction(async (tx) => {
        // The primary key tells Saddar and saddar apart; this lock keeps two owners adding the same
        // name in two spellings at once from both passing the check below. It waits for other
        // writes to the list only: the checkout's reads of it go on.
        await tx.execute(sql`lock table karachi_areas in share row exclusive mode`);
        const [existing] = await tx.select({ name: karachiAreas.name }).from(karachiAreas).where(sameName(area.name));
        if (existing) throw conflict(AREA_MESSAGES.duplicate(existing.name));
        const [row] = await tx.insert(karachiAreas).values(area).returning();
        if (!row) throw new BrokenPromise("the area insert answered no row");
        return row;
      }),

    async setActive(name, active) {
      const [row] = await db.update(karachiAreas).set({ active }).where(sameName(name)).returning();
      if (!row) throw notFound(AREA_MESSAGES.notFound);
      return row;
    },
  };
}

/**
 * The area's name as the list spells it, when the typed text is one active area however written
 * ('Gulshan block 13 D' is Gulshan-e-Iqbal Block 13-D). Otherwise (a name not listed, one the owner
 * hid, or a text that could be several) refused on `field` with the closest active names. An order's
 * and an address book's area is checked with this.
 */
export async function listedArea(db: Db, typed: string, field: string): Promise<string> {
  // Most areas come from the checkout's list as it spells them: one row back, not the whole list.
  const [same] = await db
    .select({ name: karachiAreas.name })
    .from(karachiAreas)
    .where(sql`${sameName(typed)} and ${karachiAreas.active}`);
  if (same) return same.name;
  const active = await db.select({ name: karachiAreas.name }).from(karachiAreas).where(eq(karachiAreas.active, true));
  const match = matchArea(typed, indexAreas(active.map((area) => area.name)));
  if (match.kind === "listed") return match.name;
  const message = AREA_MESSAGES.notListed(match.closest);
  throw invalid(message, { [field]: message });
}

/**
 * The area's name as the list spells it, hidden ones included, for text that is its name in any case
 * or spacing; undefined when no listed area has that name. The owner's block list keys an address by
 * the list's spelling, as the orders it must match store it.
 */
export async function areaOfList(db: Db, typed: string): Promise<string | undefined> {
  const [row] = await db.select({ name: karachiAreas.name }).from(karachiAreas).where(sameName(typed));
  return row?.name;
}
