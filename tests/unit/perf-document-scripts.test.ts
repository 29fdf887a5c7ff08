import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { documentScripts } from "~/lib/document/document-scripts.server";

// Issue 6: the document starts its JavaScript on the load event, so the HTML, the inline CSS and
// the above-the-fold images never compete with module preloads. What the inline loader is told.

const route = (id: string, module: string, imports: string[], extra = {}) => ({
  id,
  module,
  imports,
  css: [],
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasDefaultExport: true,
  hasErrorBoundary: false,
  ...extra,
});

function context(overrides: Partial<EntryContext> = {}): EntryContext {
  return {
    manifest: {
      url: "/assets/manifest-1.js",
      version: "1",
      entry: { module: "/assets/entry.client-1.js", imports: ["/assets/framework-1.js"] },
      routes: {
        root: route("root", "/assets/root-1.js", ["/assets/framework-1.js", "/assets/shell-1.js"]),
        "routes/page": route("routes/page", "/assets/page-1.js", ["/assets/common-1.js"], {
          parentId: "root",
          clientLoaderModule: "/assets/page-client-loader-1.js",
        }),
        "routes/other": route("routes/other", "/assets/other-1.js", ["/assets/forms-1.js"], { parentId: "root" }),
      },
      hmrRuntime: undefined,
    },
    routeDiscovery: { mode: "initial" },
    serverHandoffString: '{"basename":"/","note":"</script><script>alert(1)</script>"}',
    renderMeta: {},
    staticHandlerContext: { matches: [{ route: { id: "root" } }, { route: { id: "routes/page" } }] },
    ...overrides,
  } as unknown as EntryContext;
}

/** The loader's arguments: preloads, evaluation order, manifest, [route id, chunks][], entry, inputs, stylesheet. */
function loaderArgs(
  loader: string,
): [string[], string[], string, [string, string[]][], string, string[], string | null] {
  const args = /\}\)\((.*)\);$/s.exec(loader)?.[1];
  expect(args, "the loader is called with its arguments").toBeDefined();
  return JSON.parse(`[${args}]`);
}

const flushPromises = () => new Promise((resolve) => setImmediate(resolve));

/** Runs the inline loader against a stand-in window whose frames, timers and events the test drives. */
function runLoader(loader: string) {
  const preloaded: string[] = [];
  const links: { rel: string; href: string }[] = [];
  const errors: unknown[][] = [];
  const frames: (() => void)[] = [];
  const listeners: Record<string, () => void> = {};
  const timers: { at: number; fn: () => void }[] = [];
  let now = 0;
  const page = {
    document: {
      readyState: "loading",
      head: {
        append: (link: { rel: string; href: string }) => {
          links.push(link);
          preloaded.push(link.href);
        },
      },
      createElement: () => ({}),
    },
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
    removeEventListener: (type: string, fn: () => void) => {
      if (listeners[type] === fn) delete listeners[type];
    },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms = 0) => timers.push({ at: now + ms, fn }),
    console: { error: (...args: unknown[]) => errors.push(args) },
  };
  // The loader is inline script text; run it against this stand-in window.
  new Function(...Object.keys(page), loader)(...Object.values(page));
  const drawFrame = () => frames.splice(0).forEach((fn) => fn());
  const runTimers = (until: number) => {
    now = until;
    for (let due = timers.filter((t) => t.at <= now); due.length; due = timers.filter((t) => t.at <= now))
      for (const t of due) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
  };
  /** Frames and zero-delay timers until the loader has nothing left to do without an input. */
  const settle = async () => {
    for (let i = 0; i < 12; i++) {
      drawFrame();
      runTimers(0);
      await flushPromises();
    }
  };
  return { preloaded, links, errors, listeners, drawFrame, runTimers, settle };
}

describe("document scripts", () => {
  it("start the client on the load event, never during parsing", () => {
    const { loader } = documentScripts(context());
    expect(loader).toMatch(/addEventListener\("load",\w+,\{once:true\}\)/);
    expect(loader).toContain('document.readyState==="complete"');
    expect(loader).not.toMatch(/<link|modulepreload"\s*href|^import /m);
  });

  it("start two frames after the load event, or after a second when no frame is drawn", async () => {
    const { loader } = documentScripts(context());
    const run = () => runLoader(loader);

    const visible = run();
    expect(visible.preloaded, "nothing before the load event").toEqual([]);
    visible.listeners.load?.();
    visible.drawFrame();
    visible.runTimers(0);
    await flushPromises();
    expect(visible.preloaded, "nothing in the frame after the load event").toEqual([]);
    visible.drawFrame();
    visible.runTimers(0);
    await flushPromises();
    // One preload per task (each costs the browser a little), the framework first.
    expect(visible.preloaded).toEqual(["/assets/framework-1.js"]);
    for (let task = 2; task <= 8; task++) {
      visible.runTimers(0);
      await flushPromises();
      expect(visible.preloaded, "the next one after a yield").toHaveLength(task);
    }
    visible.runTimers(1000);
    await flushPromises();
    expect(visible.preloaded, "started once").toHaveLength(8);

    const hidden = run();
    hidden.listeners.load?.();
    hidden.runTimers(999);
    expect(hidden.preloaded).toEqual([]);
    hidden.runTimers(1000);
    expect(hidden.preloaded).toContain("/assets/framework-1.js");
  });

  it("wait for no input: every page with scripts starts them after the load event (issue 44)", () => {
    const { loader } = documentScripts(context());
    for (const event of ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "scroll", "focusin"])
      expect(loader).not.toContain(`"${event}"`);
    expect(loader).not.toContain("prefetch");
  });

  it("on a page carrying part of the stylesheet, link the whole before the modules", async () => {
    const { loader } = documentScripts(context(), { stylesheet: "/assets/app-1.css" });
    const page = runLoader(loader);
    page.listeners.load?.();
    await page.settle();
    expect(page.links[0]).toMatchObject({ rel: "stylesheet", href: "/assets/app-1.css" });
    expect(page.links.slice(1).map((l) => l.rel)).toEqual(Array(8).fill("modulepreload"));
  });

  it("without a partial stylesheet, link none", () => {
    const args = loaderArgs(documentScripts(context()).loader);
    expect(args[5]).toBeNull();
  });

  it("preload this page's modules, and only these, once started", () => {
    const ctx = context();
    const [preloads, , manifest, routes, entry] = loaderArgs(documentScripts(ctx).loader);
    expect(preloads.sort()).toEqual(
      [
        "/assets/manifest-1.js",
        "/assets/entry.client-1.js",
        "/assets/framework-1.js",
        "/assets/root-1.js",
        "/assets/shell-1.js",
        "/assets/page-1.js",
        "/assets/page-client-loader-1.js",
        "/assets/common-1.js",
      ].sort(),
    );
    expect(preloads).not.toContain("/assets/forms-1.js");
    expect(manifest).toBe("/assets/manifest-1.js");
    expect(entry).toBe("/assets/entry.client-1.js");
    // A route split into chunks imports all of them, as React Router's <Scripts/> does.
    expect(routes).toEqual([
      ["root", ["/assets/root-1.js"]],
      ["routes/page", ["/assets/page-client-loader-1.js", "/assets/page-1.js"]],
    ]);
    // The router streams its loader data after the app only when told the scripts are there.
    expect(ctx.renderMeta?.didRenderScripts).toBe(true);
  });

  it("evaluate the modules one at a time, what others import first and the entry last", () => {
    const [preloads, evaluation, , , entry] = loaderArgs(documentScripts(context()).loader);
    // Issue 28: each module is imported after a yield to the browser, so that evaluating them
    // makes several short tasks rather than one long one.
    expect(evaluation).toEqual([
      "/assets/framework-1.js",
      "/assets/shell-1.js",
      "/assets/common-1.js",
      "/assets/root-1.js",
      "/assets/page-client-loader-1.js",
      "/assets/page-1.js",
    ]);
    expect(evaluation).not.toContain(entry);
    expect(preloads).toEqual(expect.arrayContaining(evaluation));
    const { loader } = documentScripts(context());
    expect(loader).toMatch(/for\(const u of q\)\{await y\(\);await import\(u\)\}/);
  });

  it("hand the router its context as <Scripts/> would, and nothing can close the script early", () => {
    const { context: script } = documentScripts(context());
    expect(script).toContain("window.__reactRouterContext = ");
    expect(script).toContain("window.__reactRouterContext.stream = new ReadableStream");
    const { loader } = documentScripts(
      context({ staticHandlerContext: { matches: [{ route: { id: "root" } }] } } as Partial<EntryContext>),
    );
    expect(loader).not.toContain("</");
  });

  it("with lazy route discovery, carry this page's part of the manifest inline instead of the whole module", () => {
    const ctx = context({
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
      staticHandlerContext: {
        location: { pathname: "/page" },
        matches: [{ route: { id: "root" } }, { route: { id: "routes/page" } }],
      },
    } as Partial<EntryContext>);
    const [preloads, , manifest, routes] = loaderArgs(documentScripts(ctx).loader) as unknown as [
      string[],
      string[],
      { url: string; routes: Record<string, unknown> },
      [string, string[]][],
    ];
    expect(preloads).not.toContain("/assets/manifest-1.js");
    expect(typeof manifest).toBe("object");
    expect(Object.keys(manifest.routes).sort()).toEqual(["root", "routes/page"]);
    expect(routes.map(([id]) => id)).toEqual(["root", "routes/page"]);
  });

  it("refuse what they cannot serve (subresource integrity)", () => {
    const ctx = context();
    ctx.manifest.sri = { "/assets/root-1.js": "sha384-x" };
    expect(() => documentScripts(ctx)).toThrow(/integrity/);
  });
});
