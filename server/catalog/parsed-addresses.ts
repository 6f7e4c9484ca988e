// What a list address (path and query string, as the client sent it) was read as, kept so that
// the next request for the same address skips the schemas. A category page is asked for thousands
// of times a second under load, from a few hundred distinct addresses; checking its query with zod
// and putting it in canonical form cost about a third of answering it from the read cache.
// Only an address that parsed is kept, so a bad one is refused with its 400 every time.

export interface ParsedAddresses<Parsed> {
  /** What `address` was read as before, or else what `parse` reads it as now (throwing for a bad one). */
  read(address: string, parse: () => Parsed): Parsed;
  readonly size: number;
}

export function createParsedAddresses<Parsed>(maxEntries: number): ParsedAddresses<Parsed> {
  const parsed = new Map<string, Parsed>();
  return {
    read(address, parse) {
      const known = parsed.get(address);
      if (known !== undefined) return known;
      const fresh = parse();
      // Bounded whatever addresses arrive: when full, start over (a few hundred parses).
      if (parsed.size >= maxEntries) parsed.clear();
      parsed.set(address, fresh);
      return fresh;
    },
    get size() {
      return parsed.size;
    },
  };
}
