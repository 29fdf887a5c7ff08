import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bindBooleans } from "~/db/sqlite-booleans.server";

// The SQLite connection compiles each statement once (issue 6, uncached rendering) and keeps
// binding booleans as 1/0.

describe("SQLite statements", () => {
  let database: SQLite.Database;
  beforeEach(() => {
    database = new SQLite(":memory:");
    database.exec("create table t (id integer primary key, is_on integer)");
  });
  afterEach(() => database.close());

  it("compiles a statement once and answers every run with the current rows", () => {
    const prepare = vi.spyOn(database, "prepare");
    const connection = bindBooleans(database);
    const insert = "insert into t (is_on) values (?)";
    const select = "select id, is_on from t order by id";

    connection.prepare(insert).run([true]);
    expect(connection.prepare(select).all([])).toEqual([{ id: 1, is_on: 1 }]);
    connection.prepare(insert).run([false]);
    expect(connection.prepare(select).all([])).toEqual([
      { id: 1, is_on: 1 },
      { id: 2, is_on: 0 },
    ]);
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual([insert, select]);
    expect(connection.prepare(select).reader).toBe(true);
    expect(connection.prepare(insert).reader).toBe(false);
  });

  it("iterates the same query twice at once (each iteration has a statement of its own)", () => {
    const connection = bindBooleans(database);
    for (const on of [true, false, true]) connection.prepare("insert into t (is_on) values (?)").run([on]);
    const query = "select id from t where is_on = ? order by id";
    const outer = connection.prepare(query).iterate([true]);
    const pairs: [number, number][] = [];
    for (const a of outer as Iterable<{ id: number }>) {
      for (const b of connection.prepare(query).iterate([true]) as Iterable<{ id: number }>) pairs.push([a.id, b.id]);
    }
    expect(pairs).toEqual([
      [1, 1],
      [1, 3],
      [3, 1],
      [3, 3],
    ]);
    // And a plain run of that query while none iterates still works.
    expect(connection.prepare(query).all([false])).toEqual([{ id: 2 }]);
  });
});
