// Test databases are copied, not built: vitest's global setup (templates.global.ts) migrates and
// seeds one database per run at each level a test may start from, and every test file starts from
// a copy (PGlite: the data folder dumped as a tarball and loaded again; PostgreSQL: `CREATE
// DATABASE ... TEMPLATE`). Migrating PGlite took 10-15 s a file and seeding the demo catalogue 4 s;
// loading a dump takes under a second (docs/benchmarks.md "The test suite's time").
import { inject } from "vitest";
import type { Database } from "#server/db/client.ts";
import { seedCategories, seedDemoCatalogue } from "#server/seed/seed.ts";
import { seedSynonyms } from "#server/seed/synonyms.ts";

/** What a test database holds when it opens. */
export type TemplateLevel = "migrated" | "seeded" | "demo";

/** What each level adds to the one before it. */
export const LEVEL_STEPS: [TemplateLevel, (database: Database) => Promise<unknown>][] = [
  ["migrated", async () => {}],
  [
    "seeded",
    async ({ db }) => {
      await seedCategories(db);
      await seedSynonyms(db);
    },
  ],
  ["demo", ({ db }) => seedDemoCatalogue(db)],
];

/** Where each level's copy lives: a dump file (PGlite) or a template database's name (PostgreSQL). */
export interface DatabaseTemplates {
  kind: "pglite" | "postgres";
  sources: Record<TemplateLevel, string>;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates | undefined;
  }
}

/** The run's templates, or undefined outside a vitest run that set them up. */
export function databaseTemplates(): DatabaseTemplates | undefined {
  try {
    return inject("databaseTemplates");
  } catch {
    return undefined;
  }
}
