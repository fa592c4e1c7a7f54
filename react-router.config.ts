import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // The root middleware is the request gate (docs/decisions/0014-request-gate.md).
  future: { v8_middleware: true },
  routeDiscovery: { mode: 'initial' },
} satisfies Config
