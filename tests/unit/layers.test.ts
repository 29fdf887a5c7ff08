import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

// The layers of docs/architecture.md, checked on every `npm test` (issue 23): inside app/,
// routes → components → lib → db → core, an arrow meaning "may import" (a layer may skip those
// below it). Nothing imports a route module (root.tsx included); components import no *.server
// module (a type import is erased by the build, so only value imports count: what matters is that
// no server code can reach the browser's bundle); no import cycles. Outside app/: the app imports
// only app/; the tooling (scripts/, perf/) never imports the tests, and the tests never import
// perf/ (scripts/ hold operations code, which the tests test).
//
// Feature folders (issue 50): a module under app/routes/ that app/routes.ts does not register is
// route-local, the code of the one page beside it. It is on the routes floor (it may import what a
// route may) and, inside the app, only the files of its own folder import it; the tests may, as
// they import route modules. A registered route module is still imported by nothing.

const ROOT = resolve(import.meta.dirname, "../..");
const SOURCE = /\.(ts|tsx)$/;

type Floor = "routes" | "components" | "lib" | "db" | "core";
const height: Record<Floor, number> = { routes: 4, components: 3, lib: 2, db: 1, core: 0 };

/** The floor of a file under app/, by its folder. */
export function floorOf(file: string): Floor | undefined {
  const path = relative(join(ROOT, "app"), file);
  if (path.startsWith("..")) return undefined;
  if (/^(routes\/|root\.tsx$|routes\.ts$|entry\.)/.test(path)) return "routes";
  const top = path.split("/")[0];
  if (top === "components") return "components";
  if (top === "lib" || top === "content") return "lib";
  if (top === "db") return "db";
  if (top === "core") return "core";
  return undefined;
}

/** The route modules app/routes.ts registers, as absolute paths. */
const registeredFiles = (entries: RouteConfigEntry[]): string[] =>
  entries.flatMap((entry) => [join(ROOT, "app", entry.file), ...registeredFiles(entry.children ?? [])]);
export const registeredRoutes: ReadonlySet<string> = new Set(registeredFiles(routes));

/** A module of a feature folder: under app/routes/, but no route of app/routes.ts. */
export const isRouteLocal = (file: string) =>
  relative(join(ROOT, "app"), file).startsWith("routes/") && !registeredRoutes.has(file);

const inApp = (path: string) => join(ROOT, "app", path);

/** The top-level area of a file in the repository: app, server, scripts, perf, tests, e2e… */
const areaOf = (file: string) => relative(ROOT, file).split("/")[0]!;

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".") || name === "+types") return [];
    return statSync(path).isDirectory() ? sourceFiles(path) : SOURCE.test(name) ? [path] : [];
  });
}

/** A specifier as a file of the repository, or undefined for packages and generated types. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return undefined;
  if (specifier.includes("/+types/") || /\?\w+$/.test(specifier)) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
    if (existsSync(candidate) && statSync(candidate).isFile() && SOURCE.test(candidate)) return candidate;
  return undefined;
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function edgesOf(file: string): Edge[] {
  const text = readFileSync(file, "utf8");
  const edges: Edge[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4];
    if (!specifier) continue;
    const to = resolveSpecifier(file, specifier);
    if (to) edges.push({ from: file, to, typeOnly: Boolean(match[2]) });
  }
  return edges;
}

const AREAS = ["app", "server", "scripts", "perf", "tests", "e2e", "support"];
const allEdges = () => AREAS.flatMap((area) => sourceFiles(join(ROOT, area))).flatMap(edgesOf);
const show = (edge: Edge) => `${relative(ROOT, edge.from)} → ${relative(ROOT, edge.to)}`;

/** Every import that breaks a rule above, as "from → to: why". */
export function layerViolations(edges: Edge[]): string[] {
  const problems: string[] = [];
  for (const edge of edges) {
    const fromArea = areaOf(edge.from);
    const toArea = areaOf(edge.to);
    if (fromArea === "app") {
      if (toArea !== "app") problems.push(`${show(edge)}: the app imports only app/`);
      const from = floorOf(edge.from);
      const to = floorOf(edge.to);
      if (!from || !to) continue;
      if (to === "routes" && !edge.to.endsWith("app/routes.ts") && !isRouteLocal(edge.to))
        problems.push(`${show(edge)}: nothing imports a route module`);
      else if (isRouteLocal(edge.to) && dirname(edge.from) !== dirname(edge.to))
        problems.push(`${show(edge)}: a route-local module is imported only from its own folder`);
      else if (height[to] > height[from]) problems.push(`${show(edge)}: ${from} may not import ${to}`);
      if (from === "components" && !edge.typeOnly && /\.server\.tsx?$/.test(edge.to))
        problems.push(`${show(edge)}: components import no .server module`);
    }
    if ((fromArea === "tests" || fromArea === "e2e") && toArea === "perf")
      problems.push(`${show(edge)}: tests never import perf/`);
    if (["scripts", "perf"].includes(fromArea) && (toArea === "tests" || toArea === "e2e"))
      problems.push(`${show(edge)}: ${fromArea}/ never imports the tests`);
  }
  return problems;
}

/** Import cycles among the app's and the server's modules (value imports: types vanish at run time). */
export function importCycles(edges: Edge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly || !["app", "server"].includes(areaOf(edge.from))) continue;
    graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
  }
  // Tarjan's strongly connected components; a component of two or more files is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(relative(ROOT, member));
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("the layers (docs/architecture.md)", () => {
  const edges = allEdges();

  it("reads the imports it checks", () => {
    // A parser that found nothing would pass everything.
    expect(edges.length).toBeGreaterThan(500);
    const home = join(ROOT, "app/routes/public/home/route.tsx");
    expect(edges.some((e) => e.from === home && floorOf(e.to) === "components")).toBe(true);
    // …and the route table: a table read as empty would make every module route-local.
    expect(registeredRoutes.size).toBeGreaterThan(50);
    expect(registeredRoutes.has(home)).toBe(true);
    expect(isRouteLocal(join(ROOT, "app/routes/public/home/home-content.server.ts"))).toBe(true);
    expect(isRouteLocal(join(ROOT, "app/root.tsx"))).toBe(false);
  });

  it("has no import that runs back up a layer or across the tooling boundary", () => {
    expect(layerViolations(edges)).toEqual([]);
  });

  it("has no import cycle", () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it("would report a back-edge, a server module in a component and a cycle", () => {
    const app = (path: string) => join(ROOT, "app", path);
    const planted: Edge[] = [
      { from: app("lib/a.ts"), to: app("components/b.tsx"), typeOnly: false },
      { from: app("components/c.tsx"), to: app("lib/d.server.ts"), typeOnly: false },
      { from: app("lib/e.ts"), to: app("root.tsx"), typeOnly: true },
      { from: join(ROOT, "perf/x.ts"), to: join(ROOT, "tests/y.ts"), typeOnly: false },
      { from: join(ROOT, "tests/z.ts"), to: join(ROOT, "perf/x.ts"), typeOnly: false },
      // Allowed: a type from a server module, a skipped layer, a test of an operations script.
      { from: app("components/f.tsx"), to: app("db/g.server.ts"), typeOnly: true },
      { from: app("routes/h.tsx"), to: app("db/g.server.ts"), typeOnly: false },
      { from: join(ROOT, "tests/z.ts"), to: join(ROOT, "scripts/db-files.ts"), typeOnly: false },
    ];
    expect(layerViolations(planted)).toEqual([
      "app/lib/a.ts → app/components/b.tsx: lib may not import components",
      "app/components/c.tsx → app/lib/d.server.ts: components import no .server module",
      "app/lib/e.ts → app/root.tsx: nothing imports a route module",
      "perf/x.ts → tests/y.ts: perf/ never imports the tests",
      "tests/z.ts → perf/x.ts: tests never import perf/",
    ]);
    const loop: Edge[] = [
      { from: app("lib/a.ts"), to: app("lib/b.ts"), typeOnly: false },
      { from: app("lib/b.ts"), to: app("lib/a.ts"), typeOnly: false },
    ];
    expect(importCycles(loop)).toEqual([["app/lib/a.ts", "app/lib/b.ts"]]);
  });

  it("would report a route-local module imported from outside its folder, and a route imported by one", () => {
    const local = inApp("routes/public/home/home-content.server.ts");
    const planted: Edge[] = [
      { from: inApp("components/home/a.tsx"), to: local, typeOnly: true },
      { from: inApp("routes/public/search.tsx"), to: local, typeOnly: false },
      { from: inApp("lib/b.ts"), to: inApp("routes/public/job-alerts/job-posting.ts"), typeOnly: false },
      { from: local, to: inApp("routes/public/home/route.tsx"), typeOnly: false },
      // Allowed: its own route, a neighbour in the folder, and what a route may import.
      { from: inApp("routes/public/home/route.tsx"), to: local, typeOnly: false },
      { from: inApp("routes/public/home/c.ts"), to: local, typeOnly: false },
      { from: local, to: inApp("components/d.tsx"), typeOnly: false },
    ];
    expect(layerViolations(planted)).toEqual([
      "app/components/home/a.tsx → app/routes/public/home/home-content.server.ts: a route-local module is imported only from its own folder",
      "app/routes/public/search.tsx → app/routes/public/home/home-content.server.ts: a route-local module is imported only from its own folder",
      "app/lib/b.ts → app/routes/public/job-alerts/job-posting.ts: a route-local module is imported only from its own folder",
      "app/routes/public/home/home-content.server.ts → app/routes/public/home/route.tsx: nothing imports a route module",
    ]);
  });
});
