-- drizzle-kit emits no CREATE EXTENSION; trigram search needs pg_trgm (PGlite loads it as a contrib module).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
