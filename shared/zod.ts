// Zod for the shared schemas. Building an object schema, zod tries `new Function` to see whether
// it may compile a faster parser; in the browser the page's Content-Security-Policy forbids eval,
// and the blocked try is logged as a CSP violation (Lighthouse's best-practices audit counts it).
// The shared schemas import `z` from here so that the browser turns that off before the first one
// is built; the server keeps the compiled parsers.
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
