import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'models/**/*.test.ts', 'tests/integration/**/*.test.ts', 'server/**/*.test.ts'],
    globalSetup: ['tests/integration/global-setup.ts'],
    setupFiles: ['tests/integration/setup-db.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { LOG_REQUESTS: 'false', TZ: 'Europe/Zurich', SECRET_KEY: '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0' },
  },
})
