import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  UnknownRow,
} from "kysely";
import type BetterSqlite3 from "better-sqlite3";

// SQLite has no boolean type and better-sqlite3 refuses to bind JavaScript booleans.
// Booleans go in as 1/0 (bindBooleans) and every column named is_* comes back as a boolean
// (SqliteBooleanResults), so queries are written once for both engines.

const toParam = (value: unknown) => (typeof value === "boolean" ? (value ? 1 : 0) : value);

/** Compiled statements kept per SQL text: the queries are nearly a fixed set (an `in` list of
 * another length is another text), so this bound is seldom reached. */
const MAX_STATEMENTS = 500;

export function bindBooleans(database: BetterSqlite3.Database) {
  // Compiling statements took 3 % of an uncached page's CPU (issue 6, `npm run bench`), so
  // each is compiled once. A statement runs to completion before the next (better-sqlite3 is
  // synchronous) except while iterated, so iterate() always takes a fresh one.
  const statements = new Map<string, BetterSqlite3.Statement>();
  function compiled(sqlText: string) {
    let statement = statements.get(sqlText);
    if (!statement) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statement = database.prepare(sqlText);
      statements.set(sqlText, statement);
    }
    return statement;
  }
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      const statement = compiled(sqlText);
      return {
        get reader() {
          return statement.reader;
        },
        all: (params: ReadonlyArray<unknown>) => statement.all(...params.map(toParam)),
        run: (params: ReadonlyArray<unknown>) => statement.run(...params.map(toParam)),
        iterate: (params: ReadonlyArray<unknown>) => database.prepare(sqlText).iterate(...params.map(toParam)),
      };
    },
  };
}

export class SqliteBooleanResults implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key in row) {
        if (key.startsWith("is_") && typeof row[key] === "number") row[key] = row[key] === 1;
      }
    }
    return args.result;
  }
}
