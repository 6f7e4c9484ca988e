// Vitest's global setup: builds the run's template databases once (see templates.ts) and removes
// them when the run ends.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";
import { createScratchDatabase, type ScratchDatabase } from "#server/db/scratch.ts";
import { type DatabaseTemplates, LEVEL_STEPS, type TemplateLevel } from "./templates.ts";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  const built = serverUrl ? await buildPostgresTemplates(serverUrl) : await buildPgliteDumps();
  project.provide("databaseTemplates", built.templates);
  return built.remove;
}

async function buildPgliteDumps(): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "shoe-shop-templates-"));
  const database = await openDatabase({ pgliteDir: "memory://" });
  const sources = {} as Record<TemplateLevel, string>;
  try {
    for (const [level, step] of LEVEL_STEPS) {
      await step(database);
      const dump = await database.dumpImage?.();
      if (!dump) throw new Error("PGlite did not dump its data folder");
      sources[level] = path.join(folder, `${level}.tar`);
      await writeFile(sources[level], new Uint8Array(await dump.arrayBuffer()));
    }
  } finally {
    await database.close();
  }
  return { templates: { kind: "pglite", sources }, remove: () => rm(folder, { recursive: true, force: true }) };
}

async function buildPostgresTemplates(
  serverUrl: string,
): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const made: ScratchDatabase[] = [];
  const sources = {} as Record<TemplateLevel, string>;
  try {
    for (const [level, step] of LEVEL_STEPS) {
      // Each level starts as a copy of the one before: a template must have no open connection.
      const previous = made.at(-1);
      const scratch = await createScratchDatabase(serverUrl, `shop_tpl_${level}`, { template: previous?.name });
      made.push(scratch);
      const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
      try {
        await step(database);
      } finally {
        await database.close();
      }
      sources[level] = scratch.name;
    }
  } catch (error) {
    await Promise.all(made.map((scratch) => scratch.drop()));
    throw error;
  }
  return {
    templates: { kind: "postgres", sources },
    remove: async () => {
      await Promise.all(made.map((scratch) => scratch.drop()));
    },
  };
}
