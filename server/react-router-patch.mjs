// A module hook (node:module register) that changes one line of React Router's server rendering:
// `ServerRouter` builds the route tree from the build's manifest on every render (createServerRoutes,
// about 0.2 ms per page with this app's 90 routes, docs/decisions/0026-react-router-route-tree-once.md).
// The manifest and the route modules do not change while a build is served, so the tree is built once
// per manifest and reused; StaticRouter copies the routes it gets and changes nothing in them.
// When React Router's code no longer has the line, nothing is changed (and a test says so).

const ORIGINAL = `let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`

const PATCHED = `let routes = __serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);`

const HELPER = `
const __serverRoutesByManifest = new WeakMap();
function __serverRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {
  let routes = __serverRoutesByManifest.get(manifestRoutes);
  if (!routes) {
    routes = createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
    __serverRoutesByManifest.set(manifestRoutes, routes);
  }
  return routes;
}
`

/** React Router's module text with the route tree built once per manifest; `null` when the line is not there. */
export function patchReactRouter(source) {
  if (!source.includes(ORIGINAL)) return null
  return source.replace(ORIGINAL, PATCHED) + HELPER
}

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context)
  if (!url.includes('/node_modules/react-router/dist/production/') && !url.includes('/node_modules/react-router/dist/development/')) return result
  if (!url.endsWith('.mjs') || result.source == null) return result
  const source = typeof result.source === 'string' ? result.source : Buffer.from(result.source).toString('utf8')
  if (!source.includes('function ServerRouter(')) return result
  const patched = patchReactRouter(source)
  return patched ? { ...result, source: patched } : result
}
