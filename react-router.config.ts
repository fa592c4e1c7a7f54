import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // The root middleware is the request gate (docs/decisions/0014-request-gate.md).
  future: { v8_middleware: true },
  routeDiscovery: { mode: 'initial' },
  // A page sent with Referrer-Policy: no-referrer (a loyalty declaration's personal link, issue 26) posts
  // its forms with `Origin: null`. React Router's own origin check lets that through; the request gate in
  // front (app/utils/request-gate.server.ts) refuses it everywhere but on that page, where the browser's
  // Sec-Fetch-Site must say same-origin.
  allowedActionOrigins: ['null'],
} satisfies Config
