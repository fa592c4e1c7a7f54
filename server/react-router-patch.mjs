// A module hook (node:module register) that changes three statements of React Router's server rendering,
// which rebuilt the route tree from the build's manifest for every page (about 0.3 ms per page with
// this app's 90 routes; docs/decisions/0026-react-router-route-tree-once.md):
// - `ServerRouter` built the server routes (createServerRoutes) on every render: now once per manifest;
// - `createStaticRouter` converted them to data routes (convertRoutesToDataRoutes) on every render:
//   now once per route tree;
// - the request handler matched the path against all route branches twice per request: now the
//   matches of a path are kept (the last 1,000 paths) and copied for each caller.
// The manifest and the route modules do not change while a build is served, and neither function's
// callers change the routes they get. When React Router's code no longer has a statement, that patch
// is left out (and a test says so).

const PATCHES = [
  {
    name: 'server routes once per manifest',
    original: `let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    patched: `let routes = __serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);`,
    helper: `
const __serverRoutesByManifest = new WeakMap();
function __serverRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {
  let routes = __serverRoutesByManifest.get(manifestRoutes);
  if (!routes) {
    routes = createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
    __serverRoutesByManifest.set(manifestRoutes, routes);
  }
  return routes;
}
`,
  },
  {
    name: 'data routes once per route tree',
    original: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    patched: `function createStaticRouter(routes, context, opts = {}) {
  let { manifest, dataRoutes } = __staticDataRoutesOnce(routes);`,
    helper: `
const __staticDataRoutesByRoutes = new WeakMap();
function __staticDataRoutesOnce(routes) {
  let known = __staticDataRoutesByRoutes.get(routes);
  if (!known) {
    let manifest = {};
    known = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest) };
    __staticDataRoutesByRoutes.set(routes, known);
  }
  return known;
}
`,
  },
  {
    name: 'route matches once per path',
    original: `function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {`,
    patched: `function __matchRoutesImplEveryTime(routes, locationArg, basename, allowPartial, precomputedBranches) {`,
    helper: `
// The server matches every request's path against all route branches twice (to pick the handler, then
// to load). For the server's branches (precomputed once per build) the result for a path is kept
// (the last 1,000 paths) and each caller gets its own copies of the match objects.
const __matchesByBranches = new WeakMap();
function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {
  if (!precomputedBranches) return __matchRoutesImplEveryTime(routes, locationArg, basename, allowPartial, precomputedBranches);
  let pathname = typeof locationArg === "string" ? parsePath(locationArg).pathname : locationArg.pathname;
  let key = (basename ?? "") + "\0" + (allowPartial ? "1" : "0") + "\0" + (pathname ?? "");
  let known = __matchesByBranches.get(precomputedBranches);
  if (!known) {
    known = new Map();
    __matchesByBranches.set(precomputedBranches, known);
  }
  let matches = known.get(key);
  if (matches === undefined) {
    matches = __matchRoutesImplEveryTime(routes, locationArg, basename, allowPartial, precomputedBranches);
    if (known.size >= 1000) known.delete(known.keys().next().value);
    known.set(key, matches);
  }
  if (!matches) return null;
  // As the original: every match of a branch shares one params object.
  let params = matches.length ? { ...matches[matches.length - 1].params } : {};
  return matches.map((match) => ({ ...match, params }));
}
`,
  },
]

/** React Router's module text with every patch whose statement it has; the names of those applied. */
export function patchReactRouter(source) {
  let text = source
  const applied = []
  for (const patch of PATCHES) {
    if (!text.includes(patch.original)) continue
    text = text.replace(patch.original, patch.patched) + patch.helper
    applied.push(patch.name)
  }
  return { source: text, applied }
}

export const patchNames = PATCHES.map((p) => p.name)

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context)
  if (!/\/node_modules\/react-router\/dist\/(development|production)\/[^/]+\.mjs$/.test(url) || result.source == null) return result
  const source = typeof result.source === 'string' ? result.source : Buffer.from(result.source).toString('utf8')
  if (!source.includes('function ServerRouter(') && !source.includes('function createStaticRouter(')) return result
  const { source: patched, applied } = patchReactRouter(source)
  return applied.length ? { ...result, source: patched } : result
}
