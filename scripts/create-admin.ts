// `npm run create-admin -- --email E`: the only way to make an admin (see --help).
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { pgliteInUse } from "#server/db/pglite-in-use.ts";
import {
  AdminSetupError,
  adminPasswordProblem,
  adminSetupProblem,
  createOrPromoteAdmin,
} from "../server/admin/create-admin.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { selectRowsAsserted } from "../server/db/rows.ts";
import { readArgs, usageError } from "./cli-args.ts";

const HELP = `Usage: npm run create-admin -- --email you@example.pk

Makes the account with that e-mail an admin of the shop: the only way to grant the role.

  - No account with that e-mail yet: creates one (username from the e-mail's local part, with a
    number added if taken) with the password you type, or ADMIN_PASSWORD when it is set.
  - An account exists: promotes it to admin. Its password changes only if you type a new one (or
    set ADMIN_PASSWORD); press Enter at the prompt, or run without a terminal and without
    ADMIN_PASSWORD, to keep the current password. A new password signs the account out everywhere.

Passwords follow the sign-up rules: 8 to 128 characters and not one of the most common passwords.
Uses DATA_DIR and DATABASE_URL like the shop. With the embedded database (no DATABASE_URL) the shop
must be stopped first: only one process may open DATA_DIR/pglite at a time.

Options:
  --email E   the account's e-mail address (required)
  --help      show this text`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Reads a line without echoing it (the password), with the prompt on stderr. */
async function askHidden(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const answer = rl.question(prompt);
  muted = true;
  try {
    return await answer;
  } finally {
    rl.close();
    process.stderr.write("\n");
  }
}

const args = readArgs(HELP, { email: { type: "string" }, help: { type: "boolean" } });
if (!args.email) usageError("Say whose account: --email is missing.", HELP);

const early = adminSetupProblem({ email: args.email, password: process.env.ADMIN_PASSWORD });
if (early) fail(early);

const config = loadConfig();
const pgliteDir = path.join(config.dataDir, "pglite");
if (!config.databaseUrl && (await pgliteInUse(pgliteDir))) {
  fail(
    `Stop the shop first: its embedded database in ${pgliteDir} is open in another process, and only one process may use it at a time. Run this again once the shop has stopped (or set DATABASE_URL when the shop uses PostgreSQL).`,
  );
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
} catch (error) {
  fail(
    config.databaseUrl
      ? `Could not open the database at DATABASE_URL: ${(error as Error).message}`
      : `Stop the shop first: could not open the embedded database in ${pgliteDir} (${(error as Error).message}).`,
  );
}

try {
  let password = process.env.ADMIN_PASSWORD;
  if (password === undefined) {
    // Only to word the prompt; createOrPromoteAdmin decides.
    const [exists] = await selectRowsAsserted<{ id: string }>(
      database.db,
      sql`select id from users where lower(email) = ${args.email.trim().toLowerCase()}`,
    );
    if (process.stdin.isTTY) {
      password = await askHidden(
        exists ? "New password (press Enter to keep the current one): " : "Password for the new admin: ",
      );
      if (password !== "") {
        const problem = adminPasswordProblem(password);
        if (problem) throw new AdminSetupError(problem);
        if ((await askHidden("Type it again: ")) !== password) throw new AdminSetupError("The passwords do not match.");
      }
    } else if (!exists) {
      throw new AdminSetupError("A new admin needs a password: type it in a terminal, or set ADMIN_PASSWORD.");
    }
  }
  const result = await createOrPromoteAdmin(database.db, { email: args.email, password });
  const who = `${result.user.email} (username ${result.user.username})`;
  const what = {
    created: `Created the admin account ${who}.`,
    promoted: `${who} is now an admin.`,
    "already-admin": `${who} was already an admin.`,
  }[result.action];
  console.log(result.passwordSet && result.action !== "created" ? `${what} Its password was changed.` : what);
} catch (error) {
  process.exitCode = 1;
  console.error(error instanceof AdminSetupError ? error.message : error);
} finally {
  await database.close();
}
