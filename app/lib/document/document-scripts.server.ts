import {
  matchRoutes,
  type EntryContext,
  type RouteObject,
  type UNSAFE_AssetsManifest as AssetsManifest,
} from "react-router";
import { NATIVE_TAP_ATTRIBUTE } from "~/lib/document/native-tap";

// The scripts a document starts its JavaScript with (issue 6: "the content must not wait for
// JavaScript"). They do what React Router's <Scripts/> does — hand the router its context, load
// this page's route modules, then the client entry — but only once the window's load event has
// fired: the HTML, its inline CSS and the above-the-fold images come first. <Scripts/> instead
// puts module preloads in the head, which the browser fetches at high priority alongside them.
// The preloads are added on the load event too, so that the modules still arrive in one round
// trip rather than one import level after another. Until then the page is plain, working HTML:
// links navigate and forms post without JavaScript.
//
// "After the load event" means two frames after it: the load event can fire before the first
// frame is on screen, and scripts requested before the page's largest paint count against it
// (Lighthouse then puts their download ahead of the LCP, which made it land at either ~0.85 s or
// ~2 s from one run to the next). A hidden tab draws no frames, so a timer starts them after 1 s.
//
// The modules are then evaluated one at a time, those others import first, each in a task of
// its own (issue 28): evaluated as one graph they made one task of 12–22 ms on this machine's
// CPU, over 100 ms on a budget phone, with the page on screen and unresponsive. The preloads go
// in one at a time, each in a task of its own: each costs the browser about 0.7 ms (2 ms under
// Lighthouse), the home page's 25 in one go made an 18 ms task, and four at a time still made
// tasks of 3–9 ms right after the first paint, 30–80 ms on a budget phone.
//
// Every page with scripts starts them so (issue 44, decision 016: they used to wait for the
// visitor's first input, and the welcome popup, the purchase toast and the dialogs came late or
// not at all). Until React has hydrated, a tap is answered by the HTML: links navigate, the menu
// opens by :target, forms post.

export interface DocumentScripts {
  /** Puts the page back where the visitor left it, before the first paint (see `scrollSource`). */
  scroll: string;
  /** Keeps a tap on a link that works in plain HTML from React until React owns the link. */
  taps: string;
  /** The router's context, as <Scripts/> writes it; the loader data stream feeds into it. */
  context: string;
  /** Starts the client after the load event. */
  loader: string;
}

/** JSON for an inline script: `<` escaped so that no text can close the script element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

// Each route's module: one namespace, or its split chunks merged into one object, as <Scripts/>.
// With lazy route discovery the manifest `m` is this page's part of it, set inline; otherwise
// the URL of the whole manifest's module. `c` is the whole stylesheet's URL when the document
// carries only its own rules (app/lib/document/css-subset.server.ts): linked when the scripts start, and
// loaded before the client renders anything the document's markup did not have.
const loaderSource = `(p,q,m,r,e,c)=>{const y=()=>globalThis.scheduler?.yield?.()??new Promise(n=>setTimeout(n,0)),v=(k,u)=>{const l=document.createElement("link");l.rel=k;l.href=u;document.head.append(l);return l},a=async k=>{for(let i=0;i<p.length;i++){if(i)await y();v(k,p[i])}},s=async()=>{const z=c&&new Promise(n=>{const l=v("stylesheet",c);l.onload=l.onerror=n});await a("modulepreload");if(typeof m==="object")window.__reactRouterManifest=m;try{if(typeof m==="string")await import(m);for(const u of q){await y();await import(u)}const x=await Promise.all(r.map(([,c])=>Promise.all(c.map(u=>import(u)))));window.__reactRouterRouteModules=Object.fromEntries(r.map(([i],n)=>[i,x[n].length===1?x[n][0]:Object.assign({},...x[n])]));await y();history.state?.key||history.replaceState({key:Math.random().toString(32).slice(2)},"");await z;await import(e)}catch(err){console.error("The page's scripts did not load: it keeps working without them.",err)}};let d=0;const g=()=>{if(!d){d=1;s()}},f=()=>new Promise(n=>requestAnimationFrame(()=>setTimeout(n,0))),w=()=>{f().then(f).then(g);setTimeout(g,1e3)};document.readyState==="complete"?w():addEventListener("load",w,{once:true})}`;

// A tap on a link marked NATIVE_TAP (a fragment that `:target` shows) is the browser's alone while
// React hydrates. React sees every event at the document (a finger's implicit pointer capture
// too), and one on a part it has not hydrated yet makes it hydrate that whole part at once,
// inside the event: a tap on the menu, a job-alert tab or Book 1:1 Session in the second after the
// load waited 250–800 ms at 6× CPU, against a frame or two for the link's own :target. So these
// events stop at the window, before React's listeners, and the popstate of the fragment the link
// goes to stops before the router's (the components read the fragment from `location` when they
// hydrate). Once hydrated, the control is a button or a tab without the mark, and React has it.
const nativeTapSource = `(()=>{let n=0;for(const k of ["pointerover","pointerout","pointerdown","pointermove","pointerup","pointercancel","gotpointercapture","lostpointercapture","touchstart","touchmove","touchend","touchcancel","mouseover","mouseout","mousedown","mousemove","mouseup","click","auxclick","dblclick","contextmenu","dragstart","focusin","focusout","keydown","keypress","keyup"])addEventListener(k,e=>{if(e.target instanceof Element&&e.target.closest(${JSON.stringify(`[${NATIVE_TAP_ATTRIBUTE}]`)})){e.stopPropagation();if(k==="click"){n=1;setTimeout(()=>{n=0})}}},true);addEventListener("popstate",e=>{if(n){n=0;e.stopImmediatePropagation()}},true)})()`;

// The early half of React Router's <ScrollRestoration/>: on a reload, or back or forward to an
// entry the router saved a scroll position for, scroll there before the first paint. The router's
// own script also gives a new entry its key, which costs a history write and a sessionStorage read
// in the page's first parse (3–4 ms here, 30 on a budget phone, for an entry that has nothing to
// restore); the loader gives the key just before the router starts instead.
const SCROLL_POSITIONS_KEY = "react-router-scroll-positions";
const scrollSource = `(k=>{const s=history.state?.key;if(s)try{const y=JSON.parse(sessionStorage.getItem(k)||"{}")[s];if(typeof y==="number")scrollTo(0,y)}catch(err){console.error(err);sessionStorage.removeItem(k)}})(${JSON.stringify(SCROLL_POSITIONS_KEY)})`;

/** The manifest's routes as the nested route objects `matchRoutes` walks. */
function routeTree(routes: AssetsManifest["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes).flatMap((route) => {
    if (!route || route.parentId !== parentId) return [];
    const { id, path, index, caseSensitive } = route;
    return [
      index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: routeTree(routes, id) },
    ];
  });
}

// Matching walks and ranks every route: done once per manifest and path, not on each request
// (`npm run bench`, uncached pages). Bounded, since paths come from visitors.
const routeIdsByManifest = new WeakMap<AssetsManifest, { tree: RouteObject[]; ids: Map<string, string[]> }>();
const MAX_REMEMBERED_PATHS = 1000;

function routeIdsAt(manifest: AssetsManifest, path: string): string[] {
  let known = routeIdsByManifest.get(manifest);
  if (!known) routeIdsByManifest.set(manifest, (known = { tree: routeTree(manifest.routes), ids: new Map() }));
  let ids = known.ids.get(path);
  if (!ids) {
    ids = (matchRoutes(known.tree, path) ?? []).flatMap(({ route }) => (route.id ? [route.id] : []));
    if (known.ids.size >= MAX_REMEMBERED_PATHS) known.ids.clear();
    known.ids.set(path, ids);
  }
  return ids;
}

/**
 * What lazy route discovery ships with a page, as React Router's <Scripts/> computes it: the
 * routes of this URL and of each of its parent paths. The rest is fetched from /__manifest as
 * links to it appear.
 */
function partialManifest(manifest: AssetsManifest, pathname: string, matched: string[]) {
  const ids = new Set(matched);
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  for (const path of paths) for (const id of routeIdsAt(manifest, path)) ids.add(id);
  const { sri: _sri, ...rest } = manifest;
  return { ...rest, routes: Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]])) };
}

export function documentScripts(
  context: EntryContext,
  { stylesheet = null }: { stylesheet?: string | null } = {},
): DocumentScripts {
  const { manifest, routeDiscovery, serverHandoffString, staticHandlerContext } = context;
  if (typeof manifest.sri === "object") throw new Error("documentScripts does not support subresource integrity");
  const lazyDiscovery = routeDiscovery.mode === "lazy";
  // Lets the router stream its loader data into the document after the app (StreamTransfer).
  if (context.renderMeta) context.renderMeta.didRenderScripts = true;

  const routes = staticHandlerContext.matches.map(({ route }) => {
    const entry = manifest.routes[route.id];
    if (!entry) throw new Error(`Route ${route.id} is not in the manifest`);
    const chunks = [
      entry.clientActionModule,
      entry.clientLoaderModule,
      entry.clientMiddlewareModule,
      entry.hydrateFallbackModule,
      entry.module,
    ].filter((chunk): chunk is string => typeof chunk === "string");
    return { id: route.id, chunks, imports: entry.imports ?? [] };
  });
  // The framework (the entry's imports) first: the largest file, which everything else needs.
  const preloads = new Set([
    ...manifest.entry.imports,
    manifest.entry.module,
    ...(lazyDiscovery ? [] : [manifest.url]),
    ...routes.flatMap((route) => [...route.chunks, ...route.imports]),
  ]);
  const manifestArg = lazyDiscovery
    ? partialManifest(
        manifest,
        staticHandlerContext.location.pathname,
        routes.map((r) => r.id),
      )
    : manifest.url;
  // Evaluation order: the framework, then what the route modules share, then the route modules;
  // the entry, which starts hydration, comes last.
  const evaluation = [
    ...new Set([
      ...manifest.entry.imports,
      ...routes.flatMap((route) => route.imports),
      ...routes.flatMap((route) => route.chunks),
    ]),
  ];
  const args = [
    [...preloads],
    evaluation,
    manifestArg,
    routes.map((r) => [r.id, r.chunks]),
    manifest.entry.module,
    stylesheet,
  ]
    .map(scriptJson)
    .join(",");
  return {
    scroll: scrollSource,
    context: `window.__reactRouterContext = ${serverHandoffString};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());`,
    taps: nativeTapSource,
    loader: `(${loaderSource})(${args});`,
  };
}
