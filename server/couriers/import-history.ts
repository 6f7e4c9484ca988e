// What a courier's past imports left behind: the columns of its last file of each kind (used when
// the owner chooses none) and the list of files applied, newest first. No HTTP here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  type CourierImportList,
  IMPORT_KINDS,
  IMPORT_OUTCOMES,
  type ImportColumns,
  type ImportKind,
  type ImportOutcome,
  kindFields,
  RECENT_IMPORTS,
} from "#shared/courier-imports.ts";
import type { Db } from "../db/client.ts";
import { selectRows } from "../db/rows.ts";
import { type CourierRow, findCourier } from "./couriers.ts";

/** couriers.csv_columns, keeping only the kinds and fields the imports know (the column is free jsonb). */
export function rememberedColumns(courier: CourierRow): Partial<Record<ImportKind, ImportColumns>> {
  const remembered: Partial<Record<ImportKind, ImportColumns>> = {};
  for (const kind of IMPORT_KINDS) {
    const saved = courier.csvColumns[kind];
    if (!saved || typeof saved !== "object") continue;
    const columns: ImportColumns = {};
    for (const field of kindFields(kind)) {
      // null: the owner said this courier's files have no such column (an optional field).
      const name = saved[field];
      if ((typeof name === "string" && name !== "") || name === null) columns[field] = name;
    }
    remembered[kind] = columns;
  }
  return remembered;
}

const importRow = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string().nullable(),
  at_ms: z.number(),
  username: z.string().nullable(),
  summary: z.record(z.string(), z.number()),
});

const isOutcome = (key: string): key is ImportOutcome => (IMPORT_OUTCOMES as readonly string[]).includes(key);

export async function listImports(db: Db, courierId: string): Promise<CourierImportList> {
  const courier = await findCourier(db, courierId);
  const rows = await selectRows(
    db,
    importRow,
    sql`select i.id, i.kind, i.file_name, (extract(epoch from i.created_at) * 1000)::float8 as at_ms, u.username, i.summary
        from courier_imports i left join users u on u.id = i.actor_user_id
        where i.courier_id = ${courierId}
        order by i.created_at desc, i.id limit ${RECENT_IMPORTS}`,
  );
  return {
    courier: { _id: courier.id, name: courier.name, ownRider: courier.ownRider, active: courier.active },
    columns: rememberedColumns(courier),
    imports: rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      fileName: r.file_name,
      at: new Date(r.at_ms).toISOString(),
      by: r.username,
      summary: Object.fromEntries(Object.entries(r.summary).filter(([key]) => isOutcome(key))),
    })),
  };
}
