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

export function bindBooleans(database: BetterSqlite3.Database) {
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      const statement = database.prepare(sqlText);
      return {
        get reader() {
          return statement.reader;
        },
        all: (params: ReadonlyArray<unknown>) => statement.all(...params.map(toParam)),
        run: (params: ReadonlyArray<unknown>) => statement.run(...params.map(toParam)),
        iterate: (params: ReadonlyArray<unknown>) => statement.iterate(...params.map(toParam)),
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
