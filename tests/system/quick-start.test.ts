import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { freePort, ROOT, scratchSqlite } from "../../support/app-process";

// Issue 43: the README's commands as a newcomer types them, in a fresh shell on the machine's own
// Node (these machines ship Node 20; the scripts provision Node 24 themselves).

/** PATH as a fresh shell has it: the project's Node 24 and node_modules/.bin left out. */
const machinePath = (process.env.PATH ?? "")
  .split(":")
  .filter((dir) => !dir.startsWith(join(ROOT, ".cache")) && !dir.startsWith(join(ROOT, "node_modules")))
  .join(":");
const freshShell = () => {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: machinePath };
  for (const name of ["NODE24_HOME", "NPM_CLI", "NODE_ENV", "SITE_URL", "ALLOWED_HOSTS", "HOST", "PORT", "VITEST"])
    delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith("npm_") || name.startsWith("VITEST_")) delete env[name];
  return env;
};

/** GET / with this Host header, on this address. */
function get(address: string, port: number, host: string) {
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = request({ host: address, port, path: "/", headers: { host } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", fail);
    req.end();
  });
}

describe("npm start (the quick start)", () => {
  const db = scratchSqlite("quick-start");
  let child: ChildProcess | undefined;
  afterAll(async () => {
    // npm, its shell and the server: the whole process group.
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child!.once("exit", done));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    }
    await db.drop();
  });

  it("answers on localhost, 127.0.0.1 and [::1], and says what to set for another host name", async () => {
    const port = await freePort();
    child = spawn("npm", ["start"], {
      cwd: ROOT,
      env: { ...freshShell(), PORT: String(port), DATABASE_URL: db.url, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let printed = "";
    child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${printed}`);
      const ready = await get("127.0.0.1", port, `localhost:${port}`).catch(() => undefined);
      if (ready?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`npm start did not answer:\n${printed}`);
      await new Promise((r) => setTimeout(r, 250));
    }

    for (const [address, host] of [
      ["127.0.0.1", `localhost:${port}`],
      ["127.0.0.1", `127.0.0.1:${port}`],
      ["::1", `[::1]:${port}`],
    ] as const) {
      const { status } = await get(address, port, host);
      expect(status, host).toBe(200);
    }
    const other = await get("127.0.0.1", port, `gate.example.in:${port}`);
    expect(other.status).toBe(421);
    expect(other.body).toContain(`localhost:${port}`);
    expect(other.body).toMatch(/set SITE_URL .* ALLOWED_HOSTS/);

    // The first start of a production database says, once and exactly, how to make the admin;
    // the auth secret's warning is one line that says where the generated secret is kept.
    expect(printed.match(/npm run admin:create -- --email you@example\.com/g)).toHaveLength(1);
    expect(printed).toMatch(/BETTER_AUTH_SECRET is not set: [^\n]*auth_secrets[^\n]*\n/);
    expect(printed).not.toMatch(/debugName|vite v\d/);
  });
});

describe("npm run admin:create, in a fresh shell on the machine's Node", () => {
  const db = scratchSqlite("admin-create");
  afterAll(() => db.drop());

  it("creates the admin", () => {
    const which = spawnSync("node", ["-p", "process.versions.node"], { env: freshShell(), encoding: "utf8" });
    // The point of the test: the node first on PATH is the machine's own, not the project's 24.
    expect(which.stdout.trim().split(".")[0]).not.toBe("24");

    const email = "first-admin@example.com";
    const run = spawnSync("npm", ["run", "admin:create", "--", "--email", email], {
      cwd: ROOT,
      env: {
        ...freshShell(),
        DATABASE_URL: db.url,
        ADMIN_PASSWORD: "a long enough password 2030",
        NODE_ENV: "production",
      },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const file = new Database(db.url.slice("file:".length), { readonly: true });
    const admin = file
      .prepare(
        "select p.role, p.is_active from auth_users u join admin_profiles p on p.user_id = u.id where u.email = ?",
      )
      .get(email);
    file.close();
    expect(admin).toEqual({ role: "admin", is_active: 1 });
  });
});

describe("scripts/test.sh", () => {
  const planted = join(ROOT, "support", `planted-lint-error-${process.pid}.ts`);
  afterAll(() => rmSync(planted, { force: true }));

  it("stops at a lint error, before the unit lane starts, and prints each lane's time", () => {
    // Type-correct, and an error for oxlint (no-control-regex).
    writeFileSync(planted, "export const planted = /\\x01/;\n");
    const run = spawnSync("bash", ["scripts/test.sh"], {
      cwd: ROOT,
      env: { ...freshShell(), SUITE_LANES: "lint,unit", E2E_PORT: "1" },
      encoding: "utf8",
      timeout: 120_000,
    });
    const printed = run.stdout + run.stderr;
    expect(run.status, printed).not.toBe(0);
    expect(printed).toContain("no-control-regex");
    expect(printed).toMatch(/▶ lint/);
    expect(printed).not.toMatch(/▶ unit/);
    expect(printed).toMatch(/lint\s+\d+s\s+FAILED/);
    expect(printed).toMatch(/whole suite: \d+s, exit [1-9]/);
  });
});
