import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// The app (tests/e2e/global-setup.ts passes this environment on) and the specs share the sealing key: the
// fixtures store accounts with the second factor on and the provider spec a client secret, which the app
// must unseal (issue 12).
process.env.SECRET_KEY ??= 'c2VhbGluZy1rZXktb2YtdGhlLWUyZS1zdWl0ZS0zMmI='
// The provider spec's test provider is plain http on 127.0.0.1; the app runs with NODE_ENV=production (decision 0038).
process.env.ALLOW_INSECURE_ISSUER ??= 'true'

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two workers share two cores with the app, PostgreSQL and Chromium: axe journeys need headroom.
  timeout: 45_000,
  // A page's answer can wait several seconds for a starved browser while the other worker runs axe:
  // assertions poll for up to 15 s (at 7 s a language switch and a saved form's toast failed now and then).
  expect: { timeout: 15_000 },
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
    // What needs JavaScript (axe runs in the page, busy states, drafts in session storage, client-side
    // navigation) is tagged @js-only or, for a whole file, ignored here: no test is skipped at run time.
    {
      name: 'nojs',
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
      testIgnore: /(a11y|drafts)\.spec\.ts/,
      grepInvert: /@js-only/,
    },
  ],
})
