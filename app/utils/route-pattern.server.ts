import { createContext as createRouterContext, type MiddlewareFunction, type RouterContext } from 'react-router'

/** What server.ts learns of a request from React Router: the pattern of the route that answered it. */
export type RouteLabel = { pattern: string | null }

// server.ts and the built app are separate bundles: one context key for both, kept on globalThis.
const holder = globalThis as typeof globalThis & { __vorsorgeRouteContext?: RouterContext<RouteLabel | null> }
holder.__vorsorgeRouteContext ??= createRouterContext<RouteLabel | null>(null)
/** Set by server.ts for each request; the root middleware fills in the matched route's pattern. */
export const routeLabelContext = holder.__vorsorgeRouteContext

/**
 * Root middleware (first, so that refused requests are labelled too): hands the matched route's
 * pattern (`/app/risk/:id`, never the URL with its ids) to server.ts, which labels the request's
 * metrics and log line with it (docs/decisions/0048-metrics-logs-and-readiness.md).
 */
export const routePattern: MiddlewareFunction<Response> = ({ context, pattern }, next) => {
  const label = context.get(routeLabelContext)
  if (label) label.pattern = pattern
  return next()
}
