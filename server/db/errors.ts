// What a database error says, read the same way on PGlite and PostgreSQL through drizzle's and pg's
// wrappers: its SQLSTATE and the constraint it names. Every domain may ask (a unique index that
// decided a race, a lock that timed out).
/** The SQLSTATE of a database error, however many wrappers (drizzle, pg) surround it. */
export function sqlState(error: unknown): string | undefined {
  return errorField(error, "code", (code) => /^[0-9A-Z]{5}$/.test(code));
}

/** The constraint a database error names (a unique violation's index, say). */
export function constraintOf(error: unknown): string | undefined {
  return errorField(error, "constraint", () => true);
}

function errorField(error: unknown, field: string, accept: (value: string) => boolean): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === "string" && accept(value)) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
