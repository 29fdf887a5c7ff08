import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../support/app-process";

// Issue 22, item 7: `NODE_ENV=production npm start` installed without the devDependencies, the
// build then failed (`react-router: not found`), and the install stamp recorded success, so every
// later start failed the same way. scripts/install-deps.sh runs here on a copy of the project's
// manifest, with the project's Node 24 and npm's cache, as `npm start` runs it.

const project = mkdtempSync(join(tmpdir(), "gate-install-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function install(env: Record<string, string> = {}) {
  execFileSync("bash", ["scripts/install-deps.sh"], {
    cwd: project,
    env: { ...process.env, ...env },
    stdio: "pipe",
    timeout: 240_000,
  });
}

const buildTool = join(project, "node_modules/.bin/react-router");
const stamp = join(project, "node_modules/.install-stamp");

describe("scripts/install-deps.sh", () => {
  it("installs what the build needs under NODE_ENV=production, and stamps only a complete install", () => {
    for (const file of ["package.json", "package-lock.json", ".npmrc", "scripts/install-deps.sh", "scripts/node24.sh"])
      cpSync(join(ROOT, file), join(project, file));
    mkdirSync(join(project, ".cache"));
    symlinkSync(join(ROOT, ".cache/node24"), join(project, ".cache/node24"));

    install({ NODE_ENV: "production" });
    expect(existsSync(buildTool)).toBe(true);
    expect(readFileSync(stamp, "utf8")).toMatch(/^v24\.\d+\.\d+-[0-9a-f]{40}\+dev\n$/);

    // A stamp over an install that lacks the build tools does not count: the next run installs.
    rmSync(join(project, "node_modules/@react-router/dev"), { recursive: true });
    rmSync(buildTool);
    install({ NODE_ENV: "production" });
    expect(existsSync(buildTool)).toBe(true);
  });
});
