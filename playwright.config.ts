import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// One sealing key for the app (global-setup passes the environment on) and the specs that seal secrets
// into the database themselves (a provider's client secret: tests/e2e/provider-sign-in.spec.ts).
process.env.SECRET_KEY ??= '5e6f7a8b9c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9012'

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    timezoneId: 'Europe/Zurich',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'js', use: { ...devices['Desktop Chrome'], javaScriptEnabled: true } },
    // The same journeys with JavaScript off: locked-down browsers must be able to do everything.
    { name: 'nojs', use: { ...devices['Desktop Chrome'], javaScriptEnabled: false }, testIgnore: /a11y\.spec\.ts/ },
  ],
})
