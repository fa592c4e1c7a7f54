import type { Config } from '@react-router/dev/config'

// The floor: a bare React Router app, built and served like the app (bench/floor/README in bench/pages.ts).
export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
} satisfies Config
