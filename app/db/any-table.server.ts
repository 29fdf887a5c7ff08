import type { Generated, Kysely } from "kysely";
import type { Database } from "./schema";

// Kysely types a query by its table name. The shared helpers below take the table as a parameter,
// which Kysely cannot type, so they query through this view; their own signatures check the
// callers' columns and values against the table named.

/** A row as the generic helpers see it: an id, and any columns. */
type AnyRow = { id: Generated<number> } & Record<string, unknown>;

/** The database (or a transaction) with its tables untyped, for helpers generic in the table. */
export function anyTable(db: Kysely<Database>) {
  return db as unknown as Kysely<Record<string, AnyRow>>;
}
